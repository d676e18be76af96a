import type { Fallback } from '../wire/index.ts'
import { harBody, type Har, type HarEntry } from './har.ts'

/** Answer headers a replay cannot keep: the body is served decoded, and its length is Node's. */
const notReplayed = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
])

/** `METHOD /path?sorted=query`: what a request and a recorded one must share to match. */
function requestKey(method: string, url: URL): string {
  const query = [...url.searchParams].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1,
  )
  return `${method.toUpperCase()} ${url.pathname}?${new URLSearchParams(query)}`
}

/** A body as compared: JSON as data (key order and spacing do not count), else its text. */
function bodyKey(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)))
  } catch {
    return text
  }
}

/** What a recording keeps of a secret (`--record`): it matches any value sent in its place. */
const redacted = '<redacted>'

/** Whether a sent JSON value matches a recorded one, a redacted recorded value matching any. */
function sameData(recorded: unknown, sent: unknown): boolean {
  if (recorded === redacted) return true
  if (Array.isArray(recorded)) {
    return (
      Array.isArray(sent) &&
      sent.length === recorded.length &&
      recorded.every((item, i) => sameData(item, sent[i]))
    )
  }
  if (recorded === null || typeof recorded !== 'object') return recorded === sent
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return false
  const keys = Object.keys(recorded)
  return (
    keys.length === Object.keys(sent).length &&
    keys.every((key) =>
      sameData((recorded as Record<string, unknown>)[key], (sent as Record<string, unknown>)[key]),
    )
  )
}

/** Whether a sent body matches a recorded one's key (see bodyKey). */
function bodyMatches(recorded: string, sent: string): boolean {
  if (recorded === sent) return true
  if (!recorded.includes(redacted)) return false
  try {
    return sameData(JSON.parse(recorded), JSON.parse(sent))
  } catch {
    return false
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  )
}

interface Recorded {
  readonly entry: HarEntry
  /** The recorded request body's key, or null when it had none (then any body matches). */
  readonly body: string | null
}

/**
 * Serves recorded answers (`--replay`, `createHandlers(mock, { replay })`). A request matches an
 * entry by method, path and query (in any order), and by body where the recorded request had
 * one (JSON compared as data, a redacted value matching any). When several entries match, they are served in recorded order,
 * then the last one again and again.
 */
export function createReplay(har: Har, name: string): Fallback {
  const byRequest = new Map<string, Recorded[]>()
  for (const entry of har.log.entries) {
    const key = requestKey(entry.request.method, new URL(entry.request.url))
    const text = entry.request.postData?.text
    const list = byRequest.get(key) ?? []
    list.push({ entry, body: text === undefined || text === '' ? null : bodyKey(text) })
    byRequest.set(key, list)
  }
  const served = new Map<string, number>()
  return {
    source: 'replay',
    name,
    async answer(request, _host, sent) {
      const key = requestKey(request.method, new URL(request.url))
      const recorded = byRequest.get(key)
      if (!recorded) return undefined
      // Read through the shared reader: a request no entry matches goes on to the proxy whole.
      const body = recorded.some((r) => r.body !== null) ? bodyKey(await sent.text()) : null
      const matching = recorded.filter(
        (r) => r.body === null || (body !== null && bodyMatches(r.body, body)),
      )
      if (matching.length === 0) return undefined
      const group = `${key}\n${body ?? ''}`
      const count = served.get(group) ?? 0
      served.set(group, count + 1)
      const { response } = (matching[Math.min(count, matching.length - 1)] as Recorded).entry
      const headers: Record<string, string> = {}
      const cookies: string[] = []
      for (const { name, value } of response.headers ?? []) {
        const lower = name.toLowerCase()
        if (notReplayed.has(lower) || lower.startsWith(':')) continue
        if (lower === 'set-cookie') cookies.push(value)
        else headers[lower] = lower in headers ? `${headers[lower]}, ${value}` : value
      }
      const status = response.status
      // DevTools records a request that failed (blocked, cancelled) with status 0: a network error.
      if (status === 0) return { status: 0, statusText: '', headers, cookies, body: null }
      if (status < 200 || status > 599)
        return { status: 502, statusText: '', headers, cookies, body: null }
      const empty = status === 204 || status === 205 || status === 304
      return {
        status,
        statusText: response.statusText ?? '',
        headers,
        cookies,
        body: empty ? null : harBody(response.content),
      }
    },
  }
}
