// Issue 13's attack run: 10 clients send the worst inputs found (an XML body that froze the
// parser, a CDATA section full of '<', a fault rule written to backtrack, 1 MB bodies of wrongly
// typed values, the journal and the state the dashboard polls) while 40 clients update comments
// as usual, all against one mock process on 127.0.0.1 for a bounded time. It prints the normal
// clients' p99 and the server's peak RSS (VmHWM). `npm run bench:hostile` runs it alone.
import { readFileSync } from 'node:fs'
import { runLoad, type LoadRequest, type LoadResult } from './load.ts'
import { startServer } from './processes.ts'

export interface HostileRun {
  readonly normal: LoadResult
  readonly hostile: LoadResult
  readonly peakRssMb: number
  /** The server still answered a normal request after the run. */
  readonly alive: boolean
}

const id = '00000000-0000-0000-0000-000000000001'
const flood = `{"PageId":"${id}","ContainersInfo":[${Array(50)
  .fill(`{"ItemId":"${id}","Fields":[${Array(9_999).fill('1').join(',')}]}`)
  .join(',')}]}`

const hostileRequests: readonly LoadRequest[] = [
  {
    method: 'POST',
    path: '/RestApi/xml/reply/CreateService',
    headers: { 'Content-Type': 'text/plain' },
    body: '<a'.repeat(6_000),
  },
  {
    method: 'POST',
    path: '/RestApi/xml/reply/CreateService',
    headers: { 'Content-Type': 'application/xml' },
    body: `<CreateService><Name><![CDATA[${'<'.repeat(128 * 1024)}]]></Name></CreateService>`,
  },
  {
    method: 'POST',
    path: '/__mock/faults',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: '/RestApi/*a*a*a*a*a*a*a*a*b', status: 500 }),
  },
  {
    method: 'POST',
    path: '/RestApi/cms/inlineediting/containersInfo',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: flood,
  },
  { method: 'GET', path: '/__mock/journal?limit=50', headers: {} },
  { method: 'GET', path: '/__mock/state?limit=200', headers: {} },
  { method: 'POST', path: '/__mock/snapshots/hostile', headers: {} },
]

/** Runs the attack for `seconds` against a fresh mock process started as `npm start` does. */
export async function runHostileLoad(seconds: number, normalBody: string): Promise<HostileRun> {
  const normalRequest: LoadRequest = {
    method: 'PUT',
    path: '/RestApi/comments-api/comments',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: normalBody,
  }
  const update = async (url: string): Promise<boolean> => {
    const response = await fetch(`${url}${normalRequest.path}`, {
      method: 'PUT',
      headers: normalRequest.headers,
      body: normalBody,
    })
    await response.arrayBuffer()
    return response.ok
  }
  const mock = await startServer(
    'mock',
    ['--max-semi-space-size=4', 'src/node/start.ts', '--port', '0', '--no-log'],
    update,
  )
  try {
    const [normal, hostile] = await Promise.all([
      runLoad(mock.url, [normalRequest], seconds, 40),
      runLoad(mock.url, hostileRequests, seconds, 10),
    ])
    const status = readFileSync(`/proc/${mock.pid}/status`, 'utf8')
    const peakRssMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    const alive = await update(mock.url).catch(() => false)
    return { normal, hostile, peakRssMb, alive }
  } finally {
    await mock.stop()
  }
}

if (import.meta.main) {
  const { createStore } = await import('../src/mock/create-store.ts')
  const key = [...createStore({ seed: 1 }).state.comments.values()][0]?.Key ?? ''
  const run = await runHostileLoad(
    Number(process.env.HOSTILE_SECONDS ?? 10),
    JSON.stringify({ Key: key, Message: 'A normal update' }),
  )
  process.stdout.write(
    `hostile run: normal clients ${Math.round(run.normal.rps)} req/s, p99 ${run.normal.p99} ms, ${run.normal.status5xx} 5xx; hostile clients ${run.hostile.requests} requests; peak RSS ${run.peakRssMb.toFixed(0)} MB; alive after: ${run.alive}\n`,
  )
}
