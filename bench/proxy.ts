// Issue 16's proxy line: the same comment update sent straight to the node:http reference
// server, and through a mock that forwards it there (`--proxy`, `--passthrough`), alternating
// rounds, each server in its own process.
import { median, runLoad, type LoadRequest } from './load.ts'
import type { ServerProcess } from './processes.ts'

export interface ProxyThroughput {
  readonly directRps: number
  readonly proxiedRps: number
  readonly lost: number
}

export async function measureProxy(
  upstream: ServerProcess,
  proxy: ServerProcess,
  update: LoadRequest,
  seconds: number,
  rounds: number,
): Promise<ProxyThroughput> {
  const direct: number[] = []
  const proxied: number[] = []
  let lost = 0
  await runLoad(proxy.url, [update], 1)
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [upstream, proxy] : [proxy, upstream]
    for (const server of order) {
      const result = await runLoad(server.url, [update], seconds)
      lost += result.errors + result.status5xx
      ;(server === proxy ? proxied : direct).push(result.rps)
    }
  }
  return { directRps: median(direct), proxiedRps: median(proxied), lost }
}
