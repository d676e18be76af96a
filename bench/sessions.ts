// Issue 15's session costs, each measured side by side on one process: the first request of a
// new session against the same request in an old one, and the RSS of a server that has seen
// 5,000 sessions under --max-sessions 1000.
import { median, runLoad, type LoadRequest } from './load.ts'
import type { ServerProcess } from './processes.ts'

export interface SessionCosts {
  /** Server time per request (µs, from saturated throughput) in a session made by it. */
  readonly newSessionUs: number
  /** The same in a session that exists already. */
  readonly oldSessionUs: number
  readonly rssStartMb: number
  readonly rssAfter1000Mb: number
  readonly rssAfter5000Mb: number
}

/**
 * `mock` must run with `--max-sessions 1000`. Throughput is taken with 50 connections, so the
 * server is saturated and 1/throughput is its time per request.
 */
export async function measureSessionCosts(
  mock: ServerProcess,
  update: LoadRequest,
  seconds: number,
  rounds: number,
): Promise<SessionCosts> {
  const rssStartMb = mock.rssMb()
  await makeSessions(mock.url, update, 'fill', 1000)
  const rssAfter1000Mb = mock.rssMb()
  await makeSessions(mock.url, update, 'more', 4000)
  const rssAfter5000Mb = mock.rssMb()

  let made = 0
  const fresh: LoadRequest = {
    ...update,
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'X-Mock-Session': `new-${made++}` },
    }),
  }
  const old: LoadRequest = { ...update, headers: { ...update.headers, 'X-Mock-Session': 'old' } }
  await runLoad(mock.url, [old], 1)
  const freshRps: number[] = []
  const oldRps: number[] = []
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [fresh, old] : [old, fresh]
    for (const request of order) {
      const { rps } = await runLoad(mock.url, [request], seconds)
      ;(request === fresh ? freshRps : oldRps).push(rps)
    }
  }
  return {
    newSessionUs: 1e6 / median(freshRps),
    oldSessionUs: 1e6 / median(oldRps),
    rssStartMb,
    rssAfter1000Mb,
    rssAfter5000Mb,
  }
}

/** `count` sessions, each made by one update, 20 requests at a time. */
async function makeSessions(
  url: string,
  update: LoadRequest,
  prefix: string,
  count: number,
): Promise<void> {
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
        const response = await fetch(url + update.path, {
          method: update.method,
          headers: { ...update.headers, 'X-Mock-Session': `${prefix}-${start + i}` },
          ...(update.body === undefined ? {} : { body: update.body }),
        })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`Failed to make a session: ${response.status}`)
      }),
    )
  }
}
