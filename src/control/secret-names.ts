// Which names hold a secret, wherever they appear: a header, a query parameter, a form field, a
// multipart part, a member of a JSON, JSV or XML body, an XML attribute. One rule for all of
// them, so that a name the rule catches in one place is caught in every other.

/** What a redacted value becomes (as text; encoded where its place needs it). */
export const redactedText = '<redacted>'

/**
 * A name holding one of these, once lower-cased and stripped of everything but letters and
 * digits, is secret: `client_secret`, `AccessToken`, `X-Auth-Token`, `api_key`, `X-API-Key`,
 * `refresh_token`, `BearerToken`, `SessionId`, `X-CSRF-Token`, `Proxy-Authorization`.
 */
const secretWords = [
  'password',
  'passwd',
  'secret',
  'token',
  'apikey',
  'sessionid',
  'authorization',
  'csrf',
  'xsrf',
]

/**
 * Names secret only as a whole, since they are parts of ordinary words: the cookie headers,
 * ServiceStack's session ids (`ss-id`, `ss-pid`, and the `X-ss-id`, `X-ss-pid` headers) and `pwd`.
 * `X-ss-opt` says only whether the session is permanent, and stays.
 */
const secretWholeNames = new Set(['cookie', 'setcookie', 'ssid', 'sspid', 'xssid', 'xsspid', 'pwd'])

/** Any of the names above inside a text stripped of separators. */
const secretAnywhere = new RegExp([...secretWords, ...secretWholeNames].join('|'), 'i')

/** Whether a value under this name is redacted (any case, any separators). */
export function isSecretName(name: string): boolean {
  const bare = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  return secretWholeNames.has(bare) || secretWords.some((word) => bare.includes(word))
}

/**
 * Whether a text may name a secret at all: a quick test that lets almost every body go
 * unparsed. It finds every name `isSecretName` takes, wherever its separators are.
 */
export function mayHoldSecret(text: string): boolean {
  return secretAnywhere.test(text.replace(/[^a-z0-9]+/gi, ''))
}
