import { newRedaction, redactedText, type Redaction } from './secret-names.ts'

/** `<redacted>` as a query string or form body writes it. */
const encodedRedacted = encodeURIComponent(redactedText)

/**
 * A query string or `application/x-www-form-urlencoded` body with the values of secret names
 * replaced; everything else, its encoding included, stays byte for byte. Each value hidden
 * goes into `redaction.found`, as sent and decoded.
 */
export function redactQuery(text: string, redaction: Redaction = newRedaction()): string {
  if (!text.includes('=')) return text
  return text
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0 || equals === pair.length - 1) return pair
      if (!redaction.names.isSecretParameter(decoded(pair.slice(0, equals)))) return pair
      const value = pair.slice(equals + 1)
      redaction.found.add(value)
      redaction.found.add(decoded(value))
      return `${pair.slice(0, equals)}=${encodedRedacted}`
    })
    .join('&')
}

/**
 * A URL with the values of its secret query parameters and its password (`user:pass@`)
 * replaced; the rest as it was.
 */
export function redactUrl(url: string, redaction: Redaction = newRedaction()): string {
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  let redacted =
    queryAt < 0
      ? url
      : `${beforeHash.slice(0, queryAt + 1)}${redactQuery(beforeHash.slice(queryAt + 1), redaction)}${hashAt < 0 ? '' : url.slice(hashAt)}`
  const userinfo = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*:)([^/?#@]*)@/i.exec(redacted)
  if (userinfo) {
    const password = userinfo[2] as string
    redaction.found.add(password)
    redaction.found.add(decoded(password))
    redacted = `${userinfo[1]}${encodedRedacted}@${redacted.slice(userinfo[0].length)}`
  }
  return redacted
}

/**
 * Whether a string value is a URL whose query or userinfo may carry a secret
 * (`"url":"https://x/?access_token=…"`): an absolute URL, or a path, with a `?` or an `@`.
 */
export function mayBeUrlWithSecret(text: string): boolean {
  return (
    text.length < 8192 &&
    /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s]*[?@]/i.test(text) &&
    (text.includes('=') || text.includes('@'))
  )
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}
