// Issue 29's proxy line (`npm run bench:proxy` runs it alone; `npm run bench` includes it): the
// same comment update sent straight to the node:http reference server, and through each of
// several proxies in front of it: the mock forwarding it (`--proxy`, `--passthrough`, default
// options otherwise: the request log on, written to a pipe the parent drains) as the installed
// bin and as `npm start` run it, and the bare proxy of bench/bare-proxy.ts (the floor). Each
// round starts fresh processes (two processes of the very same server differ by up to a tenth
// in req/s here) and measures them in turn, each round starting with the next, so none is
// always first or last. Target: the mock makes at least 0.8x the floor, losing nothing.
// `PROXY_BEFORE=<a checkout of another commit> npm run bench:proxy` adds that commit's mock.
import { join } from 'node:path'
import { consumerProject } from '../test/package/consumer-project.ts'
import { median, runLoad, type LoadRequest } from './load.ts'
import { startServer, type ServerProcess } from './processes.ts'
import { commentUpdate, npmStartArgs, probeComment } from './throughput.ts'

/** A proxy to measure, started in front of the upstream at `upstreamUrl`. */
export type ProxyStarter = (upstreamUrl: string) => Promise<ServerProcess>

export interface ProxyThroughput {
  readonly directRps: number
  /** Each proxy's median req/s, by the name it was given. */
  readonly proxiedRps: ReadonlyMap<string, number>
  /** 5xx answers and errors through each proxy, by its name: a proxy under load loses nothing. */
  readonly lost: ReadonlyMap<string, number>
  /**
   * Each proxy's median CPU time per request (all its threads, user and system), in µs: what
   * it costs, which moves less than req/s when other work shares the cores.
   */
  readonly cpuUs: ReadonlyMap<string, number>
}

export async function measureProxies(
  startUpstream: () => Promise<ServerProcess>,
  proxies: ReadonlyMap<string, ProxyStarter>,
  update: LoadRequest,
  seconds: number,
  rounds: number,
): Promise<ProxyThroughput> {
  const direct: number[] = []
  const proxied = new Map<string, number[]>([...proxies.keys()].map((name) => [name, []]))
  const lost = new Map<string, number>([...proxies.keys()].map((name) => [name, 0]))
  const cpu = new Map<string, number[]>([...proxies.keys()].map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    const upstream = await startUpstream()
    const started: Array<[string, ServerProcess]> = []
    try {
      for (const [name, start] of proxies) started.push([name, await start(upstream.url)])
      // A first second each: the JIT and the upstream connections are warm before counting.
      for (const [, server] of started) await runLoad(server.url, [update], 1)
      const order: Array<[string | null, ServerProcess]> = [[null, upstream], ...started]
      for (let i = 0; i < order.length; i++) {
        const [name, server] = order[(round + i) % order.length] as [string | null, ServerProcess]
        const cpuBefore = server.cpuMs()
        const result = await runLoad(server.url, [update], seconds)
        if (name === null) direct.push(result.rps)
        else {
          lost.set(name, (lost.get(name) ?? 0) + result.errors + result.status5xx)
          proxied.get(name)?.push(result.rps)
          cpu.get(name)?.push(((server.cpuMs() - cpuBefore) * 1000) / result.requests)
        }
      }
    } finally {
      for (const [, server] of started) await server.stop()
      await upstream.stop()
    }
  }
  return {
    directRps: median(direct),
    proxiedRps: new Map([...proxied].map(([name, rps]) => [name, median(rps)])),
    lost,
    cpuUs: new Map([...cpu].map(([name, us]) => [name, median(us)])),
  }
}

const startReference = (): Promise<ServerProcess> =>
  startServer('reference', ['bench/reference-server.ts'], probeComment)

const forwarding = (upstreamUrl: string): string[] => [
  '--port',
  '0',
  '--proxy',
  upstreamUrl,
  '--passthrough',
  'CommentUpdateRequest',
]

const asBin = 'the mock as the installed bin runs it'
const asNpmStart = 'the mock as npm start runs it'
const floorName = 'the floor (bare node:http + undici, bench/bare-proxy.ts)'

/**
 * The proxy line: req/s and CPU per request of each proxy against the floor and a direct call,
 * and its targets. `before`, a checkout of another commit (a `git worktree`), adds its mock as
 * `npm start` runs it to the same rounds: a change measured side by side.
 */
export async function judgeProxy(
  seconds: number,
  rounds: number,
  before?: string,
): Promise<{ lines: string[]; targets: Array<[string, boolean]> }> {
  const { dir } = await consumerProject()
  const bin = join(dir, 'node_modules', 'restapi-mock', 'dist', 'cli.js')
  const beforeName = `the mock at ${before} as npm start runs it`
  const proxy = await measureProxies(
    startReference,
    new Map<string, ProxyStarter>([
      ...(before
        ? [
            [
              beforeName,
              (url: string) =>
                startServer(
                  'mock',
                  [...npmStartArgs(), ...forwarding(url)],
                  probeComment,
                  {},
                  before,
                ),
            ] as const,
          ]
        : []),
      [asBin, (url) => startServer('mock', [bin, ...forwarding(url)], probeComment, {}, dir)],
      [
        asNpmStart,
        (url) => startServer('mock', [...npmStartArgs(), ...forwarding(url)], probeComment),
      ],
      [
        floorName,
        (url) =>
          startServer('bare proxy', ['bench/bare-proxy.ts'], probeComment, { UPSTREAM: url }),
      ],
    ]),
    commentUpdate('application/json'),
    seconds,
    rounds,
  )
  const rps = (name: string): number => proxy.proxiedRps.get(name) ?? 0
  const floor = rps(floorName) || 1
  const lines = [...(before ? [beforeName] : []), asBin, asNpmStart, floorName].map(
    (name) =>
      `proxy, ${name}: ${Math.round(rps(name))} req/s, ${(rps(name) / floor).toFixed(2)}x the floor, ${(rps(name) / proxy.directRps).toFixed(2)}x a direct call (${Math.round(proxy.directRps)} req/s); ${(proxy.cpuUs.get(name) ?? 0).toFixed(1)} µs CPU a request`,
  )
  const targets: Array<[string, boolean]> = []
  for (const name of [asBin, asNpmStart]) {
    const ratio = rps(name) / floor
    targets.push([`proxy, ${name}: >= 0.8x the floor (${ratio.toFixed(2)}x)`, ratio >= 0.8])
    const lost = proxy.lost.get(name) ?? 0
    targets.push([`proxy, ${name}: loses nothing under load (${lost})`, lost === 0])
  }
  return { lines, targets }
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5))
  const { lines, targets } = await judgeProxy(seconds, rounds, process.env.PROXY_BEFORE)
  process.stdout.write(
    `proxy, ${rounds} rounds of ${seconds} s, 50 connections, Node ${process.version}\n`,
  )
  for (const line of lines) process.stdout.write(`${line}\n`)
  for (const [label, ok] of targets)
    process.stdout.write(`  ${(ok ? 'pass' : 'FALLS SHORT').padEnd(11)} ${label}\n`)
}
