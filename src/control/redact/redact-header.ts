import { redactUrl } from './redact-query.ts'
import { isSecretName, redactedText } from './secret-names.ts'

/** Headers whose value is a URL, which may carry a secret in its query. */
const urlHeaders = new Set(['referer', 'location', 'content-location'])

/**
 * A header's value with its secret replaced. `Cookie` keeps each cookie's name and
 * `Set-Cookie` its name and attributes (`sid=<redacted>; Path=/; HttpOnly`), so that a replay
 * can answer the cookie with a made-up value; a URL keeps all but its secret parameters.
 */
export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === 'cookie') return value.split(';').map(redactCookie).join(';')
  if (lower === 'set-cookie') return splitSetCookie(value).map(redactSetCookie).join(', ')
  if (urlHeaders.has(lower)) return redactUrl(value)
  return isSecretName(name) ? redactedText : value
}

/** `name=value` as `name=<redacted>`; a piece without `=` as it is. */
function redactCookie(pair: string): string {
  const equals = pair.indexOf('=')
  return equals < 0 ? pair : `${pair.slice(0, equals + 1)}${redactedText}`
}

function redactSetCookie(cookie: string): string {
  const semicolon = cookie.indexOf(';')
  return semicolon < 0
    ? redactCookie(cookie)
    : redactCookie(cookie.slice(0, semicolon)) + cookie.slice(semicolon)
}

/**
 * The cookies of a `Set-Cookie` value that joined several with `, ` (as the journal keeps
 * them): a comma starts a new cookie only where `name=` follows, never inside `Expires`.
 */
function splitSetCookie(value: string): string[] {
  return value
    .split(/,(?=\s*[^;,=\s]+=)/)
    .map((cookie, index) => (index === 0 ? cookie : cookie.replace(/^\s+/, '')))
}
