import { mayBeUrlWithSecret, redactUrl } from './redact-query.ts'
import { newRedaction, redactedText, type Redaction } from './secret-names.ts'

type RawJson = (text: string) => unknown

/**
 * A JSON text with the members of secret names redacted at any depth: a scalar becomes
 * `"<redacted>"`, and under an object or a list every scalar does, so the shape stays. A text
 * with nothing to redact comes back as it was; one that is not JSON gives undefined. Numbers
 * keep their digits where the runtime can say what they were (`JSON.rawJSON`). A string that is
 * a URL has its secret query parameters redacted (`"url":"https://x/?access_token=…"`).
 */
export function redactJson(
  text: string,
  redaction: Redaction = newRedaction(),
): string | undefined {
  const rawJson = (JSON as { rawJSON?: RawJson }).rawJSON
  let tree: unknown
  try {
    tree = rawJson
      ? JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
          typeof value === 'number' && context?.source !== undefined
            ? rawJson(context.source)
            : value,
        )
      : JSON.parse(text)
  } catch {
    return undefined
  }
  const state = { changed: false, redaction }
  // Deeper than the stack allows: not redacted here, the caller's fallback takes it.
  try {
    const redacted = redactMembers(tree, false, state)
    return state.changed ? JSON.stringify(redacted) : text
  } catch {
    return undefined
  }
}

/** What a walk over a tree redacts with, and whether it changed anything. */
export interface MemberState {
  changed: boolean
  readonly redaction: Redaction
}

/**
 * A parsed value with its secret members redacted; `secret` when a secret name holds it. Each
 * value hidden goes into the redaction's `found`.
 */
export function redactMembers(value: unknown, secret: boolean, state: MemberState): unknown {
  if (Array.isArray(value)) return value.map((item) => redactMembers(item, secret, state))
  if (value === null || value === undefined) return value
  if (typeof value !== 'object' || isRawJson(value)) {
    if (!secret) {
      if (typeof value !== 'string' || !mayBeUrlWithSecret(value)) return value
      const url = redactUrl(value, state.redaction)
      if (url !== value) state.changed = true
      return url
    }
    state.changed = true
    state.redaction.found.add(typeof value === 'object' ? JSON.stringify(value) : String(value))
    return redactedText
  }
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(value)) {
    // An own data property: a `__proto__` name never reaches a prototype.
    Object.defineProperty(out, name, {
      value: redactMembers(member, secret || state.redaction.names.isSecret(name), state),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

function isRawJson(value: object): boolean {
  return (JSON as { isRawJSON?: (value: unknown) => boolean }).isRawJSON?.(value) === true
}
