// How long a request waits, and what it asked for: the latency setting and `Prefer`.

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

/** What a client asked of this one request, by `Prefer` or by `?__delay=`, `?__code=`, `?__fault=`. */
export interface RequestFault {
  readonly delay: number | null
  readonly status: number | null
  readonly network: boolean
  /** Where it came from, for the journal: `Prefer` or `query`. */
  readonly source: string
}

/**
 * Reads `Prefer: delay=<ms>`, `Prefer: code=<status>`, `Prefer: fault=network` (tokens may be
 * combined, separated by `,` or `;`) and their query forms for clients that cannot set headers.
 * Values out of range are ignored and reported.
 */
export function readRequestFault(
  prefer: string | null,
  query: URLSearchParams,
  warn: (message: string) => void,
): RequestFault | undefined {
  // Most requests ask for nothing: no header, no query string, nothing to allocate.
  if (!prefer && query.size === 0) return undefined
  const wanted = new Map<string, string>()
  let source = 'Prefer'
  if (prefer) readPrefer(prefer, wanted)
  for (const name of preferNames) {
    const value = query.get(`__${name}`)
    if (value !== null) {
      wanted.set(name, value)
      source = prefer ? 'Prefer and query' : 'query'
    }
  }
  if (!wanted.has('delay') && !wanted.has('code') && !wanted.has('fault')) return undefined

  let delay: number | null = null
  const delayText = wanted.get('delay')
  if (delayText !== undefined) {
    const n = Number(delayText)
    if (/^\d+$/.test(delayText) && n <= maxDelayMs) delay = n
    else warn(`delay=${delayText} ignored: a delay is 0 to ${maxDelayMs} ms`)
  }
  let status: number | null = null
  const codeText = wanted.get('code')
  if (codeText !== undefined) {
    const n = Number(codeText)
    if (/^\d{3}$/.test(codeText) && n >= 400 && n <= 599) status = n
    else warn(`code=${codeText} ignored: a simulated status is 400 to 599`)
  }
  const faultText = wanted.get('fault')
  const network = faultText?.toLowerCase() === 'network'
  if (faultText !== undefined && !network)
    warn(`fault=${faultText} ignored: the fault is 'network'`)
  if (delay === null && status === null && !network) return undefined
  return { delay, status, network, source }
}

/**
 * The names `Prefer` may set here, the mock's own (`?__delay=` and so on in a query); every
 * other token is skipped without being copied.
 */
export const preferNames: ReadonlySet<string> = new Set(['delay', 'code', 'fault'])

/**
 * Splits `Prefer` at `,` and `;` into `name=value` tokens (the value ends at a second `=`, its
 * quotes dropped), in one pass: a hostile header may hold hundreds of thousands of tokens.
 */
function readPrefer(prefer: string, wanted: Map<string, string>): void {
  let start = 0
  let equals = -1
  let second = -1
  for (let i = 0; i <= prefer.length; i++) {
    const c = i < prefer.length ? prefer.charCodeAt(i) : 0x2c
    if (c === 0x3d /* = */) {
      if (equals < 0) equals = i
      else if (second < 0) second = i
    } else if (c === 0x2c /* , */ || c === 0x3b /* ; */) {
      const name = prefer
        .slice(start, equals < 0 ? i : equals)
        .trim()
        .toLowerCase()
      if (preferNames.has(name)) {
        const value = equals < 0 ? '' : prefer.slice(equals + 1, second < 0 ? i : second).trim()
        wanted.set(name, value.replace(/^"|"$/g, ''))
      }
      start = i + 1
      equals = -1
      second = -1
    }
  }
}
