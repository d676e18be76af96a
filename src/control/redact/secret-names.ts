// Which names hold a secret, wherever they appear: a header, a query parameter, a form field, a
// multipart part, a member of a JSON, JSV or XML body, an XML attribute. One rule for all of
// them, so that a name the rule catches in one place is caught in every other.

/** What a redacted value becomes (as text; encoded where its place needs it). */
export const redactedText = '<redacted>'

/**
 * A name holding one of these words, in any case, is secret: `client_secret`, `AccessToken`,
 * `X-Auth-Token`, `refresh_token`, `BearerToken`, `api_key`, `X-API-Key`, `SessionId`,
 * `X-CSRF-Token`, `Proxy-Authorization`, `passwd`. Where a word is two, anything but a letter
 * or a digit may stand between them (`api-key`, `Session_Id`).
 */
const secretWord =
  /password|passwd|secret|token|api[\W_]*key|session[\W_]*id|authori[sz]ation|csrf|xsrf/i

/**
 * Names secret only as a whole, since they are parts of ordinary words: the cookie headers,
 * ServiceStack's session ids (`ss-id`, `ss-pid`, and the `X-ss-id`, `X-ss-pid` headers) and `pwd`.
 * `X-ss-opt` says only whether the session is permanent, and stays.
 */
const secretWholeName = /^(?:(?:set[\W_]*)?cookie|(?:x[\W_]*)?ss[\W_]*p?id|pwd)$/i

/** Any text a secret name holds: each name `isSecretName` takes has one of these in it. */
const secretAnywhere =
  /password|passwd|secret|token|api[\W_]*key|session[\W_]*id|authori[sz]ation|csrf|xsrf|cookie|ss[\W_]*p?id|pwd/i

/** Whether a value under this name is redacted. */
export function isSecretName(name: string): boolean {
  return secretWord.test(name) || secretWholeName.test(name)
}

/**
 * Whether a text may name a secret at all: a quick test that lets almost every body go
 * unparsed, since every name `isSecretName` takes matches it.
 */
export function mayHoldSecret(text: string): boolean {
  return secretAnywhere.test(text)
}
