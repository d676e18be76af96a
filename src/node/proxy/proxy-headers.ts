import {
  withoutMockParams,
  withoutMockPreferences,
  withoutSessionCookie,
} from '../../control/index.ts'
import type { RequestHost } from '../../wire/index.ts'

/** Headers of one connection, not of the message: never forwarded (RFC 9110, section 7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/**
 * The hop-by-hop names of a message: the fixed ones and those its `Connection` lists (most
 * often only `keep-alive` or `close`, which need no set of their own).
 */
function dropped(connection: string | undefined): ReadonlySet<string> {
  if (connection === undefined || /^\s*(?:keep-alive|close)\s*$/i.test(connection)) return hopByHop
  const listed = connection
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== 'keep-alive' && token !== 'close')
  return listed.length === 0 ? hopByHop : new Set([...hopByHop, ...listed])
}

/** Where a request went, read off its URL without building a URL object. */
export interface RequestTarget {
  /** `http` or `https`. */
  readonly protocol: string
  /** `127.0.0.1:4000`. */
  readonly host: string
  /** The path and query as sent, but for the mock's own parameters (`?__session=`, `?__delay=`…). */
  readonly pathAndQuery: string
}

/** An absolute request URL's parts for the upstream; a request URL has no fragment. */
export function requestTarget(href: string): RequestTarget {
  const hostStart = href.indexOf('//') + 2
  const pathStart = href.indexOf('/', hostStart)
  return {
    protocol: href.slice(0, hostStart - 3),
    host: href.slice(hostStart, pathStart),
    pathAndQuery: withoutMockParams(href.slice(pathStart)),
  }
}

/**
 * The request's headers for the upstream, names as sent: hop-by-hop ones dropped, `Host`
 * rewritten to the upstream's, and `X-Forwarded-For`, `-Host` and `-Proto` added. What is said
 * to the mock itself stays here: `X-Mock-Session`, the session cookie, its `Prefer` directives.
 */
export function upstreamHeaders(
  host: RequestHost,
  upstreamHost: string,
  target: RequestTarget,
  client: string,
): string[] {
  const pairs = host.headerList()
  const skip = dropped(host.header('connection') ?? undefined)
  // Names and values in turn, as Node takes raw headers: names keep the case they were sent in.
  const headers: string[] = ['Host', upstreamHost]
  let forwardedFor: string | null = null
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i] as string
    const lower = name.toLowerCase()
    if (skip.has(lower) || lower === 'host' || lower.startsWith('x-forwarded-')) {
      if (lower === 'x-forwarded-for') forwardedFor = pairs[i + 1] as string
      continue
    }
    const value = forwardedValue(lower, pairs[i + 1] as string)
    if (value !== null) headers.push(name, value)
  }
  headers.push(
    'X-Forwarded-For',
    forwardedFor ? `${forwardedFor}, ${client}` : client,
    'X-Forwarded-Host',
    host.header('host') ?? target.host,
    'X-Forwarded-Proto',
    target.protocol,
  )
  return headers
}

/** A request header's value for the upstream, the mock's own part taken out; null: none left. */
function forwardedValue(lower: string, value: string): string | null {
  if (lower === 'cookie') return withoutSessionCookie(value)
  if (lower === 'prefer') return withoutMockPreferences(value)
  return lower === 'x-mock-session' ? null : value
}

/**
 * The upstream's answer headers for the client, from undici's record (lower-case names, repeats
 * as arrays): hop-by-hop ones dropped, and each `Set-Cookie` made to work on the mock's plain
 * HTTP host (see localCookie).
 */
export function forwardedHeaders(answer: UpstreamHeaders): {
  headers: Record<string, string>
  cookies: string[]
} {
  const connection = answer.connection
  const skip = dropped(Array.isArray(connection) ? connection.join(',') : connection)
  const headers: Record<string, string> = {}
  let cookies: string[] = []
  for (const name in answer) {
    const value = answer[name]
    if (value === undefined || skip.has(name)) continue
    if (name === 'set-cookie') cookies = (Array.isArray(value) ? value : [value]).map(localCookie)
    else headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return { headers, cookies }
}

/** An answer's headers as undici gives them: lower-case names, a repeated one as an array. */
export type UpstreamHeaders = Readonly<Record<string, string | string[] | undefined>>

/**
 * A cookie made to work on the mock's host: without `Domain`, so it belongs to that host. One
 * browsers take only with `Secure` (a `__Host-` or `__Secure-` name, `Partitioned`) keeps the
 * rest as sent: they accept Secure cookies from `http://localhost` and `http://127.0.0.1`.
 * Another loses `Secure` too, so that any plain-HTTP host name keeps it, and `SameSite=None`
 * becomes `Lax`, as browsers refuse `None` without `Secure`.
 */
function localCookie(cookie: string): string {
  const [pair = '', ...rest] = cookie.split(';')
  const attributes = rest.map((attribute) => attribute.trim())
  const secureOnly =
    /^\s*__(?:host|secure)-/i.test(pair) ||
    attributes.some((attribute) => /^partitioned$/i.test(attribute))
  const kept = attributes.filter(
    (attribute) => !/^domain\s*=/i.test(attribute) && (secureOnly || !/^secure$/i.test(attribute)),
  )
  const local = secureOnly
    ? kept
    : kept.map((attribute) =>
        /^samesite\s*=\s*none$/i.test(attribute) ? 'SameSite=Lax' : attribute,
      )
  return [pair.trim(), ...local].join('; ')
}

/** An answer's header record (repeats as arrays, as undici gives them) as names and values in turn. */
export function headerPairs(headers: UpstreamHeaders): string[] {
  const pairs: string[] = []
  for (const name in headers) {
    const value = headers[name]
    if (typeof value === 'string') pairs.push(name, value)
    else if (value) for (const each of value) pairs.push(name, each)
  }
  return pairs
}
