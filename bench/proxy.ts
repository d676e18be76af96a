// Issue 16's proxy line: the same comment update sent straight to the node:http reference
// server, and through each of several proxies in front of it: the mock forwarding it
// (`--proxy`, `--passthrough`) and the bare proxy of bench/bare-proxy.ts (the floor). Each round
// starts fresh processes (two processes of the very same server differ by up to a tenth in
// req/s here) and measures them in turn, each round starting with the next, so none is always
// first or last.
import { median, runLoad, type LoadRequest } from './load.ts'
import type { ServerProcess } from './processes.ts'

/** A proxy to measure, started in front of the upstream at `upstreamUrl`. */
export type ProxyStarter = (upstreamUrl: string) => Promise<ServerProcess>

export interface ProxyThroughput {
  readonly directRps: number
  /** Each proxy's median req/s, by the name it was given. */
  readonly proxiedRps: ReadonlyMap<string, number>
  /** 5xx answers and errors through each proxy, by its name: a proxy under load loses nothing. */
  readonly lost: ReadonlyMap<string, number>
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
        const result = await runLoad(server.url, [update], seconds)
        if (name === null) direct.push(result.rps)
        else {
          lost.set(name, (lost.get(name) ?? 0) + result.errors + result.status5xx)
          proxied.get(name)?.push(result.rps)
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
  }
}
