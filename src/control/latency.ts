/** A fixed delay (`min === max`) or a range to draw from, in ms. */
export interface Latency {
  readonly min: number
  readonly max: number
}

/** The longest delay the mock will wait, so a typo cannot hang a request for hours. */
export const maxDelayMs = 60_000

/** Reads `200` or `100-600` (the `--latency` option); undefined when it is neither. */
export function parseLatency(text: string): Latency | undefined {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text)
  if (!match) return undefined
  const min = Number(match[1])
  const max = match[2] === undefined ? min : Number(match[2])
  if (max < min || max > maxDelayMs) return undefined
  return { min, max }
}

export function drawDelay(latency: Latency | null, random: () => number): number {
  if (!latency) return 0
  return latency.min === latency.max
    ? latency.min
    : latency.min + Math.round(random() * (latency.max - latency.min))
}

/**
 * Waits without blocking anything else (a timer, never a busy loop), and stops early when the
 * client goes away: resolves to false then, so the caller drops the request.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!signal?.aborted)
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const onAbort = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
