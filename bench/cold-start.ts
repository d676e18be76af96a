// Cold start of the installed bin, as a user meets it: the packed package installed into a
// consumer project (the consumer test's, reused), `node_modules/restapi-mock/dist/cli.js`
// spawned with no compile cache, timed from spawn to its first answer. Beside it, in the same
// run and started the same way, the floor: a plain Hono "hello" server on @hono/node-server.
// `npm run bench:cold` runs this part alone.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { consumerProject } from '../test/package/consumer-project.ts'
import { median } from './load.ts'
import { startServer } from './processes.ts'

export interface ColdStarts {
  readonly mockMs: readonly number[]
  readonly helloMs: readonly number[]
  /** Median of the pairwise ratios mock / hello. */
  readonly ratio: number
}

const hello = `import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const app = new Hono()
app.all('*', (c) => c.text('hello'))
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log('listening ' + info.port))
`

const answers = async (url: string, init?: RequestInit): Promise<boolean> => {
  const response = await fetch(url, init)
  await response.arrayBuffer()
  return response.ok
}

/** Alternates mock and floor, `rounds` times each, every start with no compile cache. */
export async function measureColdStarts(rounds: number): Promise<ColdStarts> {
  const { dir } = await consumerProject()
  writeFileSync(join(dir, 'hello-server.mjs'), hello)
  const bin = join(dir, 'node_modules', 'restapi-mock', 'dist', 'cli.js')
  const env = { NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '1' }
  const mockMs: number[] = []
  const helloMs: number[] = []
  for (let round = 0; round <= rounds; round++) {
    const mock = await startServer(
      'installed bin',
      [bin, '--port', '0', '--no-log'],
      (url) =>
        answers(`${url}/RestApi/comments-api/comments`, {
          method: 'PUT',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{"Key":"cold-start","Message":"first answer"}',
        }).then(() => true),
      env,
      dir,
    )
    await mock.stop()
    const floor = await startServer(
      'hono hello',
      ['hello-server.mjs'],
      (url) => answers(url),
      env,
      dir,
    )
    await floor.stop()
    // The first pair warms the disk cache for both; it is not counted.
    if (round === 0) continue
    mockMs.push(mock.coldStartMs)
    helloMs.push(floor.coldStartMs)
  }
  const ratio = median(mockMs.map((ms, i) => ms / (helloMs[i] ?? ms)))
  return { mockMs, helloMs, ratio }
}

if (import.meta.main) {
  const result = await measureColdStarts(Number(process.env.COLD_ROUNDS ?? 7))
  const list = (values: readonly number[]): string => values.map((ms) => ms.toFixed(0)).join(', ')
  process.stdout.write(
    `cold start, spawn to first answer, no compile cache: installed bin ${median(result.mockMs).toFixed(0)} ms (${list(result.mockMs)}), Hono hello ${median(result.helloMs).toFixed(0)} ms (${list(result.helloMs)}), ratio ${result.ratio.toFixed(2)}x (target <= 1.5x)\n`,
  )
}
