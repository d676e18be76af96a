// Cold start as users meet it, timed from spawn to the first answer:
// - the installed bin: the packed package installed into a consumer project (the consumer
//   test's, reused), `node_modules/restapi-mock/dist/cli.js` run by node, at its first start
//   (no compile cache) and at a later one (the compile cache the bin turns on itself, filled by
//   the first, uncounted round, in a temporary directory of the bench's own);
// - `npm start` from this clone, through npm itself, with that compile cache too;
// and beside each, in the same run, alternating, the floor started the same way: a plain Hono
// "hello" server on @hono/node-server, run by node (with Node's compile cache when the bin has
// its own, though the hello gains nothing from it), and by `npm run hello` in
// the consumer project (npm's own start-up, a third of a second or more, is then on both sides;
// a Hono hello run by node would leave npm's share to the mock). `npm run bench:cold` runs this
// alone.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { consumerProject } from '../test/package/consumer-project.ts'
import { median } from './load.ts'
import { startServer } from './processes.ts'

export interface ColdStarts {
  /** The installed bin's first start, with no compile cache, and the hello's. */
  readonly mockMs: readonly number[]
  readonly helloMs: readonly number[]
  /** Median of the pairwise ratios mock / hello. */
  readonly ratio: number
  /** A later start of the installed bin, with the compile cache it keeps, and the hello's. */
  readonly laterMockMs: readonly number[]
  readonly laterHelloMs: readonly number[]
  readonly laterRatio: number
  /** `npm start` in this clone against `npm run hello`, each through npm. */
  readonly npmStartMs: readonly number[]
  readonly npmHelloMs: readonly number[]
  readonly npmRatio: number
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

/** Alternates mock and floor, `rounds` times each, after one uncounted round. */
export async function measureColdStarts(rounds: number): Promise<ColdStarts> {
  const { dir } = await consumerProject()
  writeFileSync(join(dir, 'hello-server.mjs'), hello)
  // The bin's compile cache goes where Node puts it, under the temporary directory: this one.
  const cacheRoot = mkdtempSync(join(tmpdir(), 'restapi-mock-cold-'))
  const later = {
    mock: {
      TMPDIR: cacheRoot,
      NODE_COMPILE_CACHE: undefined,
      NODE_DISABLE_COMPILE_CACHE: undefined,
    },
    hello: { NODE_COMPILE_CACHE: join(cacheRoot, 'hello'), NODE_DISABLE_COMPILE_CACHE: undefined },
  }
  const bin = join(dir, 'node_modules', 'restapi-mock', 'dist', 'cli.js')
  // npm's scripts find this Node first, as they find the clone's pinned one.
  const path = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`
  const env = { NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '1', PATH: path }
  const npm =
    process.env.npm_execpath ??
    realpathSync(execFileSync('which', ['npm'], { encoding: 'utf8' }).trim())
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ ...readPackage(dir), scripts: { hello: 'node hello-server.mjs' } }, null, 2),
  )
  const comment = (url: string): Promise<boolean> =>
    answers(`${url}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"Key":"cold-start","Message":"first answer"}',
    }).then(() => true)
  const mockMs: number[] = []
  const helloMs: number[] = []
  const laterMockMs: number[] = []
  const laterHelloMs: number[] = []
  const npmStartMs: number[] = []
  const npmHelloMs: number[] = []
  for (let round = 0; round <= rounds; round++) {
    const mock = await startServer(
      'installed bin',
      [bin, '--port', '0', '--no-log'],
      comment,
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
    const laterMock = await startServer(
      'installed bin, later start',
      [bin, '--port', '0', '--no-log'],
      comment,
      { PATH: path, ...later.mock },
      dir,
    )
    await laterMock.stop()
    const laterFloor = await startServer(
      'hono hello, compile cache',
      ['hello-server.mjs'],
      (url) => answers(url),
      { PATH: path, ...later.hello },
      dir,
    )
    await laterFloor.stop()
    // As a user starts it again and again: with the compile cache scripts/start.mjs turns on
    // before any TypeScript loads (the first, uncounted round fills it).
    const npmStart = await startServer(
      'npm start',
      [npm, 'start', '--', '--port', '0', '--no-log'],
      comment,
      { PATH: path },
    )
    await npmStart.stop()
    const npmHello = await startServer('npm run hello', [npm, 'run', 'hello'], answers, env, dir)
    await npmHello.stop()
    // The first round warms the disk cache for all; it is not counted.
    if (round === 0) continue
    mockMs.push(mock.coldStartMs)
    helloMs.push(floor.coldStartMs)
    laterMockMs.push(laterMock.coldStartMs)
    laterHelloMs.push(laterFloor.coldStartMs)
    npmStartMs.push(npmStart.coldStartMs)
    npmHelloMs.push(npmHello.coldStartMs)
  }
  const ratioOf = (a: number[], b: number[]): number => median(a.map((ms, i) => ms / (b[i] ?? ms)))
  rmSync(cacheRoot, { recursive: true, force: true })
  return {
    mockMs,
    helloMs,
    ratio: ratioOf(mockMs, helloMs),
    laterMockMs,
    laterHelloMs,
    laterRatio: ratioOf(laterMockMs, laterHelloMs),
    npmStartMs,
    npmHelloMs,
    npmRatio: ratioOf(npmStartMs, npmHelloMs),
  }
}

if (import.meta.main) {
  const result = await measureColdStarts(Number(process.env.COLD_ROUNDS ?? 7))
  const list = (values: readonly number[]): string => values.map((ms) => ms.toFixed(0)).join(', ')
  process.stdout.write(
    `cold start, spawn to first answer:\n` +
      `  installed bin, first start (no compile cache) ${median(result.mockMs).toFixed(0)} ms (${list(result.mockMs)}), Hono hello ${median(result.helloMs).toFixed(0)} ms (${list(result.helloMs)}): ${result.ratio.toFixed(2)}x\n` +
      `  installed bin, later start (its compile cache) ${median(result.laterMockMs).toFixed(0)} ms (${list(result.laterMockMs)}), Hono hello ${median(result.laterHelloMs).toFixed(0)} ms (${list(result.laterHelloMs)}): ${result.laterRatio.toFixed(2)}x (target <= 1.25x)\n` +
      `  npm start ${median(result.npmStartMs).toFixed(0)} ms (${list(result.npmStartMs)}), npm run hello ${median(result.npmHelloMs).toFixed(0)} ms (${list(result.npmHelloMs)}): ${result.npmRatio.toFixed(2)}x (target <= 1.5x)\n`,
  )
}

function readPackage(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>
}
