import { isSecretName, redactedText } from './secret-names.ts'

/** `<redacted>` as a query string or form body writes it. */
const encodedRedacted = encodeURIComponent(redactedText)

/**
 * A query string or `application/x-www-form-urlencoded` body with the values of secret names
 * replaced; everything else, its encoding included, stays byte for byte.
 */
export function redactQuery(text: string): string {
  if (!text.includes('=')) return text
  return text
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0 || equals === pair.length - 1) return pair
      return isSecretName(decodeName(pair.slice(0, equals)))
        ? `${pair.slice(0, equals)}=${encodedRedacted}`
        : pair
    })
    .join('&')
}

/**
 * A URL with the values of its secret query parameters and its password (`user:pass@`)
 * replaced; the rest as it was.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  let redacted =
    queryAt < 0
      ? url
      : `${beforeHash.slice(0, queryAt + 1)}${redactQuery(beforeHash.slice(queryAt + 1))}${hashAt < 0 ? '' : url.slice(hashAt)}`
  const userinfo = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*:)[^/?#@]*@/i.exec(redacted)
  if (userinfo) redacted = `${userinfo[1]}${encodedRedacted}@${redacted.slice(userinfo[0].length)}`
  return redacted
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '))
  } catch {
    return name
  }
}
