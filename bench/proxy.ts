// Issue 16's proxy line: the same comment update sent straight to the node:http reference
// server, through a mock that forwards it there (`--proxy`, `--passthrough`), and through the
// bare proxy of bench/bare-proxy.ts (the floor), in rotating rounds, each in its own process.
import { median, runLoad, type LoadRequest } from './load.ts'
import type { ServerProcess } from './processes.ts'

export interface ProxyThroughput {
  readonly directRps: number
  readonly proxiedRps: number
  /** Through the bare proxy: what forwarding alone costs here. */
  readonly floorRps: number
  readonly lost: number
}

export async function measureProxy(
  upstream: ServerProcess,
  proxy: ServerProcess,
  floor: ServerProcess,
  update: LoadRequest,
  seconds: number,
  rounds: number,
): Promise<ProxyThroughput> {
  const direct: number[] = []
  const proxied: number[] = []
  const floored: number[] = []
  const results = new Map([
    [upstream, direct],
    [proxy, proxied],
    [floor, floored],
  ])
  let lost = 0
  await runLoad(proxy.url, [update], 1)
  await runLoad(floor.url, [update], 1)
  const servers = [upstream, proxy, floor]
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the next server, so none is always first or last.
    for (let i = 0; i < servers.length; i++) {
      const server = servers[(round + i) % servers.length] as ServerProcess
      const result = await runLoad(server.url, [update], seconds)
      if (server === proxy) lost += result.errors + result.status5xx
      results.get(server)?.push(result.rps)
    }
  }
  return {
    directRps: median(direct),
    proxiedRps: median(proxied),
    floorRps: median(floored),
    lost,
  }
}
