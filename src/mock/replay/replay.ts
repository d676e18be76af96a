import { DecodeError, ServiceError, type Fallback, type FallbackAnswer } from '../../wire/index.ts'
import { withoutMockParams } from '../../control/index.ts'
import { harBody, type Har, type HarEntry } from './har.ts'
import { replayedCookie } from './replayed-cookie.ts'
import {
  bodyMatches,
  queryMatches,
  requestKey,
  requestPattern,
  SentRequest,
  type RequestPattern,
} from './replay-pattern.ts'

/** Answer headers a replay cannot keep: the body is served decoded, and its length is Node's. */
const notReplayed = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
])

/** Said in `X-Mock-Warning` when an answer's `Set-Cookie` was recorded as `<redacted>` whole. */
const cookieLost =
  'A Set-Cookie of this recorded answer was redacted whole (an older recording), its name with it: it is not sent. Record it again to replay the cookie with a made-up value'

/** An entry's answer, made once at the start: its head, and where its body is. */
interface Recorded {
  readonly status: number
  readonly statusText: string
  readonly headers: Readonly<Record<string, string>>
  readonly cookies: readonly string[]
  readonly content: HarEntry['response']['content'] | undefined
}

/** Entries whose requests were recorded alike, served in turn by one cursor. */
interface Group {
  readonly pattern: RequestPattern
  /** Its place among the groups: of two that match as well, the first recorded answers. */
  readonly order: number
  readonly answers: Recorded[]
  /** How many of its answers were served (it stays at the last one). */
  served: number
}

/** A replay: the fallback, and its cursors sent back to the first entry (`POST /__mock/reset`). */
export interface Replay extends Fallback {
  rewind(): void
}

/**
 * Serves recorded answers (`--replay`, `createHandlers(mock, { replay })`). A request matches an
 * entry by method, path and query (in any order), and by body where the recorded request had
 * one (JSON, forms and multipart compared as data, JSV and XML too where a value is redacted);
 * a redacted value (`<redacted>`) matches any. Entries recorded alike form a group, served in
 * recorded order and then the last one again and again, by one cursor whatever is sent; of the
 * groups a request matches, the one with fewest redacted values answers. `har` must have passed
 * `checkHar` (or `parseHar`).
 */
export function createReplay(har: Har, name: string): Replay {
  const groups = new Map<string, Group>()
  // Patterns with a redacted query value can only be found by method and path.
  const byKey = new Map<string, Group[]>()
  const byRoute = new Map<string, Group[]>()
  har.log.entries.forEach((entry, index) => {
    const pattern = requestPattern(entry)
    let group = groups.get(pattern.identity)
    if (group === undefined) {
      group = { pattern, order: groups.size, answers: [], served: 0 }
      groups.set(pattern.identity, group)
      const [lookup, at] = pattern.openQuery ? [byRoute, pattern.route] : [byKey, pattern.key]
      lookup.set(at, [...(lookup.get(at) ?? []), group])
    }
    group.answers.push(recordedAnswer(entry, { recording: name, entry: index }))
  })
  return {
    source: 'replay',
    name,
    rewind() {
      for (const group of groups.values()) group.served = 0
    },
    recording: () => ({ file: name, entries: har.log.entries.length }),
    async answer(request, _host, body) {
      // The mock's own parameters (`?__session=`, `?__delay=`…) are no part of what was recorded.
      const url = new URL(withoutMockParams(request.url))
      const sent = new SentRequest([...url.searchParams], request.headers.get('content-type'))
      const candidates = [
        ...(byKey.get(requestKey(request.method, url.pathname, sent.query)) ?? []),
        ...(byRoute.get(`${request.method.toUpperCase()} ${url.pathname}`) ?? []).filter((group) =>
          queryMatches(group.pattern, sent),
        ),
      ]
      if (candidates.length === 0) return undefined
      if (candidates.some((group) => group.pattern.body !== null)) {
        // Read through the shared reader, within the body limit: a request no entry matches
        // goes on to the proxy with the body read.
        try {
          sent.text = await body.text()
        } catch (error) {
          if (!(error instanceof DecodeError)) throw error
          return new ServiceError(error.status, error.errorCode, error.message, {
            beforeService: true,
          })
        }
      }
      candidates.sort((a, b) => a.pattern.openness - b.pattern.openness || a.order - b.order)
      let best: Group | undefined
      for (const group of candidates) {
        const { body: pattern } = group.pattern
        if (pattern === null || (await bodyMatches(pattern, sent))) {
          best = group
          break
        }
      }
      if (best === undefined) return undefined
      const recorded = best.answers[Math.min(best.served, best.answers.length - 1)] as Recorded
      if (best.served < best.answers.length) best.served += 1
      return answerOf(recorded)
    },
  }
}

/** An entry's answer head, made once: the headers a replay keeps, the cookies made usable. */
function recordedAnswer(entry: HarEntry, origin: { recording: string; entry: number }): Recorded {
  const { response } = entry
  const headers: Record<string, string> = {}
  const cookies: string[] = []
  let lost = false
  for (const { name, value } of response.headers ?? []) {
    const lower = name.toLowerCase()
    if (notReplayed.has(lower) || lower.startsWith(':')) continue
    if (lower === 'set-cookie') {
      for (const one of splitCookies(value)) {
        const cookie = replayedCookie(one, origin)
        if (cookie === null) lost = true
        else cookies.push(cookie)
      }
    } else headers[lower] = lower in headers ? `${headers[lower]}, ${value}` : value
  }
  if (lost) {
    const warning = headers['x-mock-warning']
    headers['x-mock-warning'] = warning === undefined ? cookieLost : `${warning}; ${cookieLost}`
  }
  return {
    status: response.status,
    statusText: response.statusText ?? '',
    headers,
    cookies,
    content: response.content,
  }
}

/**
 * The cookies of a `Set-Cookie` value that joined several with `, ` (the journal's HAR does): a
 * comma starts a new cookie only where `name=` follows, never inside `Expires`.
 */
function splitCookies(value: string): string[] {
  return value.split(/,(?=\s*[^;,=\s]+=)/).map((cookie) => cookie.trim())
}

/** A fresh answer each time: the dispatch adds its own headers to the record it gets. */
function answerOf(recorded: Recorded): FallbackAnswer {
  const { status, cookies } = recorded
  const headers = { ...recorded.headers }
  // DevTools records a request that failed (blocked, cancelled) with status 0: a network error.
  if (status === 0) return { status: 0, statusText: '', headers, cookies, body: null }
  // A 1xx (a WebSocket's 101 in a DevTools export) cannot be answered as a Response.
  if (status < 200) return { status: 502, statusText: '', headers, cookies, body: null }
  const empty = status === 204 || status === 205 || status === 304
  return {
    status,
    statusText: recorded.statusText,
    headers,
    cookies,
    body: empty ? null : harBody(recorded.content),
  }
}
