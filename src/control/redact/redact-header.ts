import { redactUrl } from './redact-query.ts'
import { newRedaction, redactedText, type Redaction } from './secret-names.ts'

/** Headers whose value is a URL, which may carry a secret in its query. */
const urlHeaders = new Set(['referer', 'location', 'content-location'])

/**
 * A header's value with its secret replaced. `Cookie` keeps each cookie's name and
 * `Set-Cookie` its name and attributes (`sid=<redacted>; Path=/; HttpOnly`), so that a replay
 * can answer the cookie with a made-up value; a URL keeps all but its secret parameters. Each
 * value hidden goes into `redaction.found`: a credential after its scheme too (`Bearer <token>`).
 */
export function redactHeader(
  name: string,
  value: string,
  redaction: Redaction = newRedaction(),
): string {
  const lower = name.toLowerCase()
  if (lower === 'cookie')
    return value
      .split(';')
      .map((pair) => redactCookie(pair, redaction))
      .join(';')
  if (lower === 'set-cookie') {
    return splitSetCookie(value)
      .map((cookie) => redactSetCookie(cookie, redaction))
      .join(', ')
  }
  if (urlHeaders.has(lower)) return redactUrl(value, redaction)
  if (!redaction.names.isSecret(name)) return value
  redaction.found.add(value.trim())
  // `Bearer <token>`, `Basic <base64>`, `Digest username="…", response="…"`: the parts after
  // the scheme, which an answer may echo on their own.
  const words = value.trim().split(/[\s,]+/)
  for (const word of words.slice(1)) {
    redaction.found.add(word)
    const quoted = /^[\w-]+="?([^"]*)"?$/.exec(word)?.[1]
    if (quoted) redaction.found.add(quoted)
  }
  return redactedText
}

/** `name=value` as `name=<redacted>`; a piece without `=` as it is. */
function redactCookie(pair: string, redaction: Redaction): string {
  const equals = pair.indexOf('=')
  if (equals < 0) return pair
  redaction.found.add(pair.slice(equals + 1).trim())
  return `${pair.slice(0, equals + 1)}${redactedText}`
}

function redactSetCookie(cookie: string, redaction: Redaction): string {
  const semicolon = cookie.indexOf(';')
  return semicolon < 0
    ? redactCookie(cookie, redaction)
    : redactCookie(cookie.slice(0, semicolon), redaction) + cookie.slice(semicolon)
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
