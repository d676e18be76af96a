// Throughput as users run the mock: `npm start` (the command in package.json, from this
// checkout) and the installed bin (the packed package installed into a consumer project, its
// `dist/cli.js` run by the same Node), each with the request log on (written to a pipe, which
// the parent drains) and with `--no-log`; beside them the hand-written reference and the bare
// dispatch (bench/bare-dispatch-server.ts). Every round starts a fresh set of processes and
// alternates the order; figures are medians over rounds, in req/s and in CPU time per request
// (all of the server's threads), which moves far less than req/s when other work shares the
// two cores. Beside the reference stands the Hono floor (bench/hono-floor-server.ts): the same
// update served by Hono as the mock is, what the framework leaves before the mock does
// anything. `npm run bench:throughput` runs this part alone; `npm run bench` includes it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createStore } from '../src/mock/create-store.ts'
import { consumerProject } from '../test/package/consumer-project.ts'
import { median, runLoad, type LoadRequest, type LoadResult } from './load.ts'
import { startServer, type ServerProcess } from './processes.ts'

const key = [...createStore({ seed: 1 }).state.comments.values()][0]?.Key ?? ''
export const commentBody = JSON.stringify({ Key: key, Message: 'An update from the benchmark' })

export const commentUpdate = (
  accept: string,
  headers: Record<string, string> = {},
): LoadRequest => ({
  method: 'PUT',
  path: '/RestApi/comments-api/comments',
  headers: { Accept: accept, 'Content-Type': 'application/json', ...headers },
  body: commentBody,
})

export const probeComment = async (url: string): Promise<boolean> => {
  const response = await fetch(`${url}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: commentBody,
  })
  await response.arrayBuffer()
  return response.ok
}

/** `npm start`'s Node arguments, read from package.json so the bench cannot drift from it. */
export function npmStartArgs(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [node, ...args] = (pkg.scripts.start ?? '').split(/\s+/)
  if (node !== 'node') throw new Error(`Failed to read npm start: '${pkg.scripts.start}'`)
  return args
}

/** The Node options `npm start` gives (its heap settings), without its script. */
export function npmStartNodeOptions(): string[] {
  const args = npmStartArgs()
  const script = args.findIndex((arg) => !arg.startsWith('-'))
  return script < 0 ? args : args.slice(0, script)
}

export interface Summary {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  /** CPU time per request, all the server's threads, in µs. */
  readonly cpuUs: number
}

interface Measured {
  readonly load: LoadResult
  readonly cpuUs: number
}

export interface Throughput {
  /** Median req/s and latencies per case label. */
  readonly cases: ReadonlyMap<string, Summary>
  /** The `npm start` mock of the last round, still running (the soak reuses it); stop it. */
  readonly mock: ServerProcess
}

interface Launcher {
  readonly label: string
  start(): Promise<ServerProcess>
}

function summarize(results: readonly Measured[]): Summary {
  return {
    rps: median(results.map((r) => r.load.rps)),
    p50: median(results.map((r) => r.load.p50)),
    p99: median(results.map((r) => r.load.p99)),
    cpuUs: median(results.map((r) => r.cpuUs)),
  }
}

/** One bounded load on one server, with the CPU time it took the server per request. */
async function measure(
  server: ServerProcess,
  request: LoadRequest,
  seconds: number,
): Promise<Measured> {
  const before = server.cpuMs()
  const load = await runLoad(server.url, [request], seconds)
  return { load, cpuUs: ((server.cpuMs() - before) * 1000) / Math.max(1, load.requests) }
}

/** Runs every case `rounds` times, `seconds` each, at 50 connections. */
export async function measureThroughput(rounds: number, seconds: number): Promise<Throughput> {
  const { dir } = await consumerProject()
  const bin = join(dir, 'node_modules', 'restapi-mock', 'dist', 'cli.js')
  const start = npmStartArgs()
  const launchers: Launcher[] = [
    {
      label: 'reference',
      start: () => startServer('reference', ['bench/reference-server.ts'], probeComment),
    },
    {
      label: 'Hono floor',
      start: () => startServer('Hono floor', ['bench/hono-floor-server.ts'], probeComment),
    },
    {
      // With npm start's heap settings: what it is held against is `npm start --no-log`.
      label: 'bare dispatch',
      start: () =>
        startServer(
          'bare dispatch',
          [...npmStartNodeOptions(), 'bench/bare-dispatch-server.ts'],
          probeComment,
        ),
    },
    {
      label: 'npm start',
      start: () => startServer('npm start', [...start, '--port', '0'], probeComment),
    },
    {
      label: 'npm start --no-log',
      start: () => startServer('npm start', [...start, '--port', '0', '--no-log'], probeComment),
    },
    {
      label: 'installed bin',
      start: () => startServer('installed bin', [bin, '--port', '0'], probeComment, {}, dir),
    },
    {
      label: 'installed bin --no-log',
      start: () =>
        startServer('installed bin', [bin, '--port', '0', '--no-log'], probeComment, {}, dir),
    },
  ]
  // What each server is asked: the JSON update everywhere, CSV and XML and a session where the
  // issue sets a figure for them.
  const plan: Array<{ label: string; server: string; request: LoadRequest }> = [
    ...launchers.map((l) => ({
      label: `${l.label}, JSON`,
      server: l.label,
      request: commentUpdate('application/json'),
    })),
    { label: 'npm start, CSV', server: 'npm start', request: commentUpdate('text/csv') },
    { label: 'installed bin, CSV', server: 'installed bin', request: commentUpdate('text/csv') },
    { label: 'npm start, XML', server: 'npm start', request: commentUpdate('application/xml') },
    {
      label: 'npm start, JSON, session',
      server: 'npm start',
      request: commentUpdate('application/json', { 'X-Mock-Session': 'bench' }),
    },
  ]
  const results = new Map<string, Measured[]>(plan.map((item) => [item.label, []]))
  let last: Map<string, ServerProcess> | undefined
  for (let round = 0; round < rounds; round++) {
    for (const server of last?.values() ?? []) await server.stop()
    last = new Map()
    for (const launcher of launchers) last.set(launcher.label, await launcher.start())
    const servers = last
    const server = (label: string): ServerProcess => {
      const found = servers.get(label)
      if (!found) throw new Error(`Failed to run the throughput bench: no server '${label}'`)
      return found
    }
    for (const item of plan) await runLoad(server(item.server).url, [item.request], 2) // warm-up
    // Alternate the order so no case always runs on a hotter or cooler machine.
    const order = round % 2 === 0 ? plan : [...plan].reverse()
    for (const item of order) {
      results.get(item.label)?.push(await measure(server(item.server), item.request, seconds))
    }
  }
  const mock = last?.get('npm start')
  if (!last || !mock) throw new Error('Failed to run the throughput bench: no rounds')
  for (const [label, server] of last) if (label !== 'npm start') await server.stop()
  return { cases: new Map([...results].map(([label, list]) => [label, summarize(list)])), mock }
}

/**
 * The lines and targets of issue 37's throughput points, from one run's medians: each held to
 * the Hono floor (the same update served by Hono on @hono/node-server, in the same run), the
 * limit of the stack the spec fixes. The hand-written reference is printed, not judged.
 */
export function judgeThroughput(cases: ReadonlyMap<string, Summary>): {
  lines: string[]
  targets: Array<[string, boolean]>
} {
  const rps = (label: string): number => cases.get(label)?.rps ?? 0
  const cpu = (label: string): number => cases.get(label)?.cpuUs ?? Infinity
  const floor = rps('Hono floor, JSON') || 1
  const lines = [...cases].map(
    ([label, r]) =>
      `${label.padEnd(32)} ${Math.round(r.rps).toString().padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99.toFixed(1).padStart(5)} ms   ${r.cpuUs.toFixed(1).padStart(5)} µs CPU a request`,
  )
  const targets: Array<[string, boolean]> = []
  const ratio = (label: string): number => rps(label) / floor
  // What a server at a given ratio may spend a request, when req/s follows CPU time.
  const budget = (times: number): string => (cpu('Hono floor, JSON') / times).toFixed(1)
  lines.push(
    `Hono floor: ${(floor / (rps('reference, JSON') || 1)).toFixed(2)}x the hand-written reference in req/s, ${cpu('Hono floor, JSON').toFixed(1)} µs CPU a request; 0.8x the floor leaves ${budget(0.8)} µs a request, 0.7x ${budget(0.7)}`,
  )
  for (const way of ['npm start', 'installed bin']) {
    const json = ratio(`${way}, JSON`)
    const quiet = ratio(`${way} --no-log, JSON`)
    const csv = ratio(`${way}, CSV`)
    const logCost = 1 - rps(`${way}, JSON`) / (rps(`${way} --no-log, JSON`) || 1)
    lines.push(
      `${way}: JSON ${json.toFixed(2)}x the Hono floor with the log on, ${quiet.toFixed(2)}x with --no-log, CSV ${csv.toFixed(2)}x; the log costs ${(logCost * 100).toFixed(1)}%`,
    )
    targets.push([`${way}: JSON, log on >= 0.8x the Hono floor (${json.toFixed(2)}x)`, json >= 0.8])
    targets.push([`${way}: CSV, log on >= 0.7x the Hono floor (${csv.toFixed(2)}x)`, csv >= 0.7])
  }
  lines.push(`bare dispatch: ${ratio('bare dispatch, JSON').toFixed(2)}x the Hono floor`)
  // Judged in CPU time per request, what the server spends: req/s carries the client's share of
  // the two cores too. (`npm run bench:instructions` counts the same in instructions.)
  const stages = cpu('npm start, JSON') / cpu('bare dispatch, JSON') - 1
  const quietStages = cpu('npm start --no-log, JSON') / cpu('bare dispatch, JSON') - 1
  lines.push(
    `sessions, access checks, journal and log (npm start against the bare dispatch): +${(stages * 100).toFixed(1)}% CPU a request; without the log +${(quietStages * 100).toFixed(1)}%`,
  )
  targets.push([
    `sessions, access checks, journal and log cost <= 8% CPU over a bare dispatch (+${(stages * 100).toFixed(1)}%)`,
    stages <= 0.08,
  ])
  const session = rps('npm start, JSON, session') / (rps('npm start, JSON') || 1)
  lines.push(`a request naming a session against one without: ${session.toFixed(2)}x`)
  targets.push([
    `a request naming a session >= 0.95x one without (${session.toFixed(2)}x)`,
    session >= 0.95,
  ])
  return { lines, targets }
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))
  const { cases, mock } = await measureThroughput(rounds, seconds)
  await mock.stop()
  const { lines, targets } = judgeThroughput(cases)
  process.stdout.write(
    `throughput, ${rounds} rounds of ${seconds} s, 50 connections, Node ${process.version}\n`,
  )
  for (const line of lines) process.stdout.write(`${line}\n`)
  for (const [label, ok] of targets)
    process.stdout.write(`  ${(ok ? 'pass' : 'FALLS SHORT').padEnd(11)} ${label}\n`)
}
