import { commaList } from './comma-list.ts'
import { hostnameOf, isLoopbackHostname } from './host-check.ts'
import { rememberAnswers } from './remember-answers.ts'

/**
 * Origins whose pages may call the Node server besides loopback ones (`http://localhost:5173`,
 * `https://127.0.0.1:8443`, `http://[::1]:3000`, any port): exact origins such as
 * `https://app.example`, `null` for `file:` pages and sandboxed frames, or `*` for any.
 */
export type AllowedOrigins = readonly string[] | '*'

/**
 * An origin as it is compared: a browser's serialisation (`scheme://host[:port]`, lower case,
 * no default port, no path), or `null`. Throws for what is not an origin, naming it.
 * @example originEntry('HTTPS://App.Example:443/') // 'https://app.example'
 */
export function originEntry(entry: string): string {
  const text = entry.trim()
  if (text.toLowerCase() === 'null') return 'null'
  const origin = serialisedOrigin(text)
  if (origin === null) {
    throw new Error(
      `Failed to read the allowed origin '${entry}': give scheme, host and port only (https://app.example, http://mock.test:8080), null or *`,
    )
  }
  return origin
}

/** `--cors-origin`: a comma-separated list of origins, or `*` for any. */
export function parseAllowedOrigins(text: string): AllowedOrigins {
  const entries = commaList(text)
  if (entries.includes('*')) return '*'
  return entries.map(originEntry)
}

/**
 * Whether a page of this `Origin` may call the mock: a loopback origin, an allowed one, or the
 * mock's own (the origin names the `Host` the request was sent to, which passed the host check
 * already: the dashboard opened on an allowed host name).
 * @example createOriginCheck([])('http://localhost:5173', '127.0.0.1:4000') // true
 */
export function createOriginCheck(
  allowed: AllowedOrigins = [],
): (origin: string, host: string | null) => boolean {
  if (allowed === '*') return () => true
  const listed = new Set(allowed.map(originEntry))
  const allowedOrigin = rememberAnswers((origin) => listedOrLoopback(origin, listed))
  return (origin, host) => allowedOrigin(origin) || (host !== null && isOwnOrigin(origin, host))
}

function listedOrLoopback(origin: string, listed: ReadonlySet<string>): boolean {
  if (origin === 'null') return listed.has('null')
  const serialised = serialisedOrigin(origin)
  if (serialised === null) return false
  if (listed.has(serialised)) return true
  const scheme = serialised.slice(0, serialised.indexOf(':'))
  const authority = serialised.slice(scheme.length + 3)
  const name = hostnameOf(authority)
  return (scheme === 'http' || scheme === 'https') && name !== null && isLoopbackHostname(name)
}

/** `http://mock.test:4000` sent to `Host: mock.test:4000`: a page the mock served itself. */
function isOwnOrigin(origin: string, host: string): boolean {
  const authority = origin.startsWith('http://')
    ? origin.slice(7)
    : origin.startsWith('https://')
      ? origin.slice(8)
      : null
  return authority !== null && authority.toLowerCase() === host.toLowerCase()
}

/** `scheme://host[:port]` in a browser's spelling, or null when the text is not an origin. */
function serialisedOrigin(text: string): string | null {
  if (text.length > 2048 || !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]/.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.username || url.password || url.search || url.hash || url.pathname.length > 1) {
    return null
  }
  // `URL.origin` is `null` for schemes the URL standard does not know (`chrome-extension:`).
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? url.origin
    : `${url.protocol}//${url.host}`
}
