// Which names hold a secret, wherever they appear: a header, a query parameter, a form field, a
// multipart part, a member of a JSON, JSV or XML body, an XML attribute. One rule for all of
// them, so that a name the rule catches in one place is caught in every other.

/** What a redacted value becomes (as text; encoded where its place needs it). */
export const redactedText = '<redacted>'

/**
 * A name holding one of these words, in any case, is secret: `client_secret`, `AccessToken`,
 * `X-Auth-Token`, `refresh_token`, `BearerToken`, `api_key`, `X-API-Key`, `SessionId`,
 * `X-CSRF-Token`, `Proxy-Authorization`, `passwd`, `jwt`, `credentials`, `privateKey`,
 * `private_key`, `Ocp-Apim-Subscription-Key`. Where a word is two, anything but a letter or a
 * digit may stand between them (`api-key`, `Session_Id`).
 */
const secretWords = [
  'password',
  'passwd',
  'secret',
  'token',
  'api[\\W_]*key',
  'session[\\W_]*id',
  'authori[sz]ation',
  'csrf',
  'xsrf',
  'jwt',
  'credential',
  'private[\\W_]*key',
  'subscription[\\W_]*key',
]

/**
 * Names secret only as a whole, since they are parts of ordinary words: the cookie headers,
 * ServiceStack's session ids (`ss-id`, `ss-pid`, and the `X-ss-id`, `X-ss-pid` headers), `pwd`,
 * and a one-time password or a PIN (`otp`, `pin`, not `shipping`). `X-ss-opt` says only whether
 * the session is permanent, and stays.
 */
const secretWholeNames = '(?:set[\\W_]*)?cookie|(?:x[\\W_]*)?ss[\\W_]*p?id|pwd|otp|pin'

/**
 * Query parameters and form fields secret as a whole, beside the names above: a URL's
 * signature (`sig`, `signature`: S3, Azure SAS) and an OAuth authorization `code`. Only there:
 * in a body, `code` and `signature` are ordinary members (an error's code, a mail's signature).
 */
const secretParameterNames = /^(?:sig|signature|code)$/i

/** Which names are secret: the built-in ones, and those added with `--redact NAME`. */
export interface SecretNames {
  /** Whether a value under this name is redacted, anywhere. */
  isSecret(name: string): boolean
  /** The same for a query parameter or a form field, which has a few more. */
  isSecretParameter(name: string): boolean
  /**
   * Whether a text may name a secret at all: a quick test that lets almost every body go
   * unparsed, since every name the two above take matches it.
   */
  mayHold(text: string): boolean
}

/**
 * The rule with `extra` names added (`--redact tenant-key`): each is a word, as the built-in
 * ones are, matched in any case, with `-`, `_` or nothing between its parts (`TenantKey`,
 * `x-tenant_key`).
 * @example secretNamesWith(['tenant-key']).isSecret('X-Tenant-Key') // true
 */
export function secretNamesWith(extra: readonly string[]): SecretNames {
  const added = extra
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) =>
      name
        .split(/[\W_]+/)
        .filter((part) => part !== '')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[\\W_]*'),
    )
    .filter((word) => word !== '')
  const words = [...secretWords, ...added].join('|')
  const word = new RegExp(words, 'i')
  const whole = new RegExp(`^(?:${secretWholeNames})$`, 'i')
  const anywhere = new RegExp(`${words}|cookie|ss[\\W_]*p?id|pwd|otp|pin|sig|code`, 'i')
  const isSecret = (name: string): boolean => word.test(name) || whole.test(name)
  return {
    isSecret,
    isSecretParameter: (name) => isSecret(name) || secretParameterNames.test(name),
    mayHold: (text) => anywhere.test(text),
  }
}

/** The built-in names alone. */
export const builtInSecretNames: SecretNames = secretNamesWith([])

/** Whether a value under this name is redacted (the built-in names). */
export function isSecretName(name: string): boolean {
  return builtInSecretNames.isSecret(name)
}

/** What one redaction is done with: the names, and the values it hid so far (see redacted-values.ts). */
export interface Redaction {
  readonly names: SecretNames
  /** Every value hidden by its name, to be hidden wherever else it appears in the exchange. */
  readonly found: Set<string>
}

/** A redaction with no value found yet. */
export function newRedaction(names: SecretNames = builtInSecretNames): Redaction {
  return { names, found: new Set() }
}
