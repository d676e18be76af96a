// Issue 40: the 2026-12-01 reliability report's 45-second mixed load, as a script. One mock with
// `--state-file` (started as `npm start` starts it) gets, at once: 6 writers updating their own
// comment and keeping the last update answered 200; 3 clients of hostile bodies (deep JSON,
// CDATA full of '<', 900 KB messages, deep JSV); cross-site writes (a GET and an OPTIONS made a
// PUT by the override, an `Origin` of another site, a `text/plain` POST, a reset); session
// churn; 20 senders that declare 1 MiB and trickle, and 180 slowloris sockets; a probe every
// 50 ms and a 100 KB PUT every twentieth probe. Then SIGTERM, and a restart on the same file.
// It prints one JSON record: requests, 5xx, crashes, acknowledged writes lost, cross-site
// answers that were not 403 and whether the attacked comment changed, the slowest probe and
// 100 KB PUT, the peak RSS. Bounded: `--seconds` (default 45). `--port` (default 0: any).
// Run it alone: `node bench/mixed-attack.ts --seconds 45 --port 5610`.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
const json = { 'Content-Type': 'application/json', Accept: 'application/json' }

interface Mock {
  readonly url: string
  readonly pid: number
  readonly exited: Promise<number | string>
  stderr(): string
}

interface Tally {
  requests: number
  fivexx: number
  failed: number
  acked: number
  crossSiteNot403: number
  readonly probesMs: number[]
  readonly putsMs: number[]
}

async function startMock(port: number, stateFile: string): Promise<Mock> {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      'src/tools/cli/start.ts',
      '--port',
      String(port),
      '--no-log',
      '--state-file',
      stateFile,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const deadline = Date.now() + 60_000
  for (;;) {
    const match = /serving \/RestApi on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
    if (match?.[1]) return { url: match[1], pid: child.pid as number, exited, stderr: () => err }
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`Failed to start the mock: ${err}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function send(tally: Tally, url: string, init: RequestInit): Promise<number> {
  tally.requests++
  try {
    const response = await fetch(url, init)
    await response.arrayBuffer()
    if (response.status >= 500) tally.fivexx++
    return response.status
  } catch {
    tally.failed++
    return 0
  }
}

async function comments(url: string): Promise<{ Key: string; Message: string }[]> {
  const state = (await (await fetch(`${url}/__mock/state`)).json()) as {
    Comments: { Key: string; Message: string }[]
  }
  return state.Comments
}

interface Load {
  readonly url: string
  readonly port: number
  readonly keys: readonly string[]
  readonly until: number
  readonly tally: Tally
  /** The last update answered 200, by comment key. */
  readonly acked: Map<string, number>
}

async function writer(load: Load, key: string): Promise<void> {
  for (let n = 0; Date.now() < load.until; n++) {
    const body = JSON.stringify({ Key: key, Message: `w-${n}` })
    const status = await send(load.tally, `${load.url}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: json,
      body,
    })
    if (status === 200) {
      load.acked.set(key, n)
      load.tally.acked++
    }
  }
}

async function hostile(load: Load, first: number): Promise<void> {
  const [a, b] = [load.keys[8], load.keys[9]]
  const bodies: [string, string, string][] = [
    ['/RestApi/comments-api/comments', 'application/json', '['.repeat(200_000)],
    [
      '/RestApi/xml/reply/CreateService',
      'application/xml',
      `<CreateService><Name><![CDATA[${'<'.repeat(128 * 1024)}]]></Name></CreateService>`,
    ],
    [
      '/RestApi/comments-api/comments',
      'application/json',
      JSON.stringify({ Key: a, Message: 'x'.repeat(900_000) }),
    ],
    ['/RestApi/comments-api/comments', 'application/jsv', `{Key:${b},Message:${'{'.repeat(1e5)}}`],
  ]
  for (let n = first; Date.now() < load.until; n++) {
    const [path, type, body] = bodies[n % bodies.length] as [string, string, string]
    await send(load.tally, `${load.url}${path}`, {
      method: 'PUT',
      headers: { 'Content-Type': type, Accept: 'application/json' },
      body,
    })
  }
}

async function crossSite(load: Load, target: string): Promise<void> {
  const override = `/RestApi/comments-api/comments?X-HTTP-Method-Override=PUT&Key=${target}&Message=pwned`
  const pwned = JSON.stringify({ Key: target, Message: 'pwned' })
  const attempts: [string, RequestInit][] = [
    [override, { method: 'GET', headers: { 'Sec-Fetch-Site': 'cross-site' } }],
    [override, { method: 'OPTIONS', headers: { 'Sec-Fetch-Site': 'cross-site' } }],
    [
      '/RestApi/comments-api/comments',
      { method: 'PUT', headers: { ...json, Origin: 'http://evil.test:5311' }, body: pwned },
    ],
    [
      '/RestApi/comments-api/comments',
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site' },
        body: pwned,
      },
    ],
    ['/__mock/reset?seed=666', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } }],
  ]
  for (let n = 0; Date.now() < load.until; n++) {
    const [path, init] = attempts[n % attempts.length] as [string, RequestInit]
    if ((await send(load.tally, `${load.url}${path}`, init)) !== 403) load.tally.crossSiteNot403++
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function sessionChurn(load: Load): Promise<void> {
  for (let n = 0; Date.now() < load.until; n++) {
    const id = `churn-${n}`
    await send(load.tally, `${load.url}/RestApi/comments-api/comments?Key=x`, {
      headers: { 'X-Mock-Session': id },
    })
    await send(load.tally, `${load.url}/__mock/sessions/${id}`, { method: 'DELETE' })
  }
}

/** A socket that sends a head (and a body's first byte) and then one byte a second. */
function slowSocket(load: Load, kind: 'body' | 'loris'): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port: load.port, host: '127.0.0.1' })
    socket.on('error', () => {})
    const timer = setInterval(() => {
      if (Date.now() > load.until || socket.destroyed) socket.destroy()
      else socket.write(kind === 'loris' ? 'X-a: b\r\n' : ' ')
    }, 1000)
    socket.once('close', () => {
      clearInterval(timer)
      resolve()
    })
    socket.write(
      kind === 'loris'
        ? 'GET /RestApi/pages HTTP/1.1\r\nHost: 127.0.0.1\r\n'
        : 'PUT /RestApi/comments-api/comments HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            `Content-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n{`,
    )
  })
}

async function probe(load: Load): Promise<void> {
  const body = JSON.stringify({ Key: load.keys[10], Message: 'p'.repeat(100_000) })
  for (let n = 0; Date.now() < load.until; n++) {
    let started = performance.now()
    await send(load.tally, `${load.url}/__mock/login`, {})
    load.tally.probesMs.push(performance.now() - started)
    if (n % 20 === 0) {
      started = performance.now()
      await send(load.tally, `${load.url}/RestApi/comments-api/comments`, {
        method: 'PUT',
        headers: json,
        body,
      })
      load.tally.putsMs.push(performance.now() - started)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  } catch {
    return 0
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '45' }, port: { type: 'string', default: '0' } },
  })
  const seconds = Number(values.seconds)
  const dir = mkdtempSync(join(tmpdir(), 'mixed-attack-'))
  const stateFile = join(dir, 'state.json')
  const mock = await startMock(Number(values.port), stateFile)
  const before = await comments(mock.url)
  const keys = before.map((comment) => comment.Key)
  const target = keys[7] as string
  const tally: Tally = {
    requests: 0,
    fivexx: 0,
    failed: 0,
    acked: 0,
    crossSiteNot403: 0,
    probesMs: [],
    putsMs: [],
  }
  const port = Number(new URL(mock.url).port)
  const load: Load = {
    url: mock.url,
    port,
    keys,
    until: Date.now() + seconds * 1000,
    tally,
    acked: new Map(),
  }
  let crashed = false
  void mock.exited.then(() => (crashed = Date.now() < load.until))
  await Promise.all([
    ...keys.slice(0, 6).map((key) => writer(load, key)),
    ...[0, 1, 2].map((first) => hostile(load, first)),
    crossSite(load, target),
    sessionChurn(load),
    probe(load),
    ...Array.from({ length: 20 }, () => slowSocket(load, 'body')),
    ...Array.from({ length: 180 }, () => slowSocket(load, 'loris')),
  ])
  const peak = peakRssMb(mock.pid)
  process.kill(mock.pid, 'SIGTERM')
  const exit = await mock.exited
  const again = await startMock(Number(values.port), stateFile)
  const after = new Map(
    (await comments(again.url)).map((comment) => [comment.Key, comment.Message]),
  )
  process.kill(again.pid, 'SIGTERM')
  await again.exited
  rmSync(dir, { recursive: true, force: true })
  const lost = [...load.acked].filter(([key, n]) => {
    const held = /^w-(\d+)$/.exec(after.get(key) ?? '')
    return !held || Number(held[1]) < n
  })
  const slowest = (list: number[]): number => Math.round(Math.max(0, ...list))
  console.log(
    JSON.stringify({
      seconds,
      requests: tally.requests,
      fivexx: tally.fivexx,
      failed: tally.failed,
      crashed,
      exitOnSigterm: exit,
      acknowledgedWrites: tally.acked,
      writersWithLostWrites: lost.length,
      crossSiteNot403: tally.crossSiteNot403,
      attackedCommentChanged: after.get(target) !== before[7]?.Message,
      maxProbeMs: slowest(tally.probesMs),
      slowest100kPutMs: slowest(tally.putsMs),
      peakRssMb: peak,
      stderr: mock.stderr(),
    }),
  )
}

await main()
