import { maxDelayMs } from './latency.ts'

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
