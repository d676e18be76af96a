import autocannon from 'autocannon'

export interface LoadRequest {
  readonly method: autocannon.Request['method'] & string
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string
  /** Changes each request before it goes out (autocannon's hook): a new session id, say. */
  readonly setupRequest?: autocannon.Request['setupRequest']
}

export interface LoadResult {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly requests: number
  readonly status5xx: number
  readonly errors: number
}

/** One bounded autocannon run against 127.0.0.1: 50 connections, a fixed duration. */
export async function runLoad(
  url: string,
  requests: readonly LoadRequest[],
  seconds: number,
  connections = 50,
): Promise<LoadResult> {
  let status5xx = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: requests.map((request) => ({ ...request }) as autocannon.Request),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    )
    instance.on('response', (_client, statusCode) => {
      if (statusCode >= 500) status5xx++
    })
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    status5xx,
    errors: result.errors + result.timeouts,
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
