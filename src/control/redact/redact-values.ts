import { redactedText } from './secret-names.ts'

/**
 * The fewest characters a value must have to be hidden wherever it appears, not only under its
 * name: a shorter one (a `pin` of `12`) would match all over a text. Such a value is hidden
 * under its name only.
 */
export const minHiddenLength = 4

const encodedRedacted = encodeURIComponent(redactedText)
const escapedRedacted = '&lt;redacted&gt;'

/**
 * What to look for, given the values an exchange's redaction hid by name: each as it was, as a
 * URL or a form writes it, as a JSON string writes it and as XML or HTML writes it; longest
 * first, so a value that holds another is hidden whole. Left out: values under
 * `minHiddenLength` characters, `true`, `false`, `null`, and any part of `<redacted>` itself.
 */
export function valuesToHide(found: ReadonlySet<string>): string[] {
  const forms = new Set<string>()
  for (const value of found) {
    if (value.length < minHiddenLength || /^(?:true|false|null|undefined)$/i.test(value)) continue
    forms.add(value)
    forms.add(encodeURIComponent(value))
    forms.add(encodeURIComponent(value).replaceAll('%20', '+'))
    forms.add(JSON.stringify(value).slice(1, -1))
    forms.add(
      value
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;'),
    )
  }
  return [...forms]
    .filter(
      (form) =>
        form.length >= minHiddenLength &&
        !redactedText.includes(form) &&
        !encodedRedacted.includes(form) &&
        !escapedRedacted.includes(form),
    )
    .sort((a, b) => b.length - a.length)
}

/** Where a text stands, for what a hidden value is replaced with. */
export type HiddenPlace = 'text' | 'url' | 'markup'

const replacements: Readonly<Record<HiddenPlace, string>> = {
  text: redactedText,
  url: encodedRedacted,
  markup: escapedRedacted,
}

/** A text with every one of `values` in it replaced by `<redacted>`, written as its place writes it. */
export function hideValues(
  text: string,
  values: readonly string[],
  place: HiddenPlace = 'text',
): string {
  let hidden = text
  for (const value of values) {
    if (hidden.includes(value)) hidden = hidden.replaceAll(value, replacements[place])
  }
  return hidden
}

type RawJson = (text: string) => unknown

/**
 * A body with every one of `values` replaced, read by its media type: inside a JSON text's
 * strings (a number that is one becomes the string `<redacted>`), so the JSON stays JSON; in
 * XML and HTML as escaped text; elsewhere as it stands.
 */
export function hideValuesInBody(
  text: string,
  mimeType: string,
  values: readonly string[],
): string {
  if (!values.some((value) => text.includes(value))) return text
  const type = mimeType.toLowerCase()
  const start = text.trimStart().charAt(0)
  if (/xml|html/.test(type) || (!type.includes('json') && start === '<')) {
    return hideValues(text, values, 'markup')
  }
  if (type.includes('json') || start === '{' || start === '[') {
    const hidden = hideInJson(text, values)
    if (hidden !== undefined) return hidden
  }
  return hideValues(text, values)
}

function hideInJson(text: string, values: readonly string[]): string | undefined {
  const rawJson = (JSON as { rawJSON?: RawJson }).rawJSON
  const wanted = new Set(values)
  try {
    const tree: unknown = JSON.parse(
      text,
      (_key, value: unknown, context?: { source?: string }) => {
        if (typeof value === 'string') return hideValues(value, values)
        if (typeof value !== 'number' || context?.source === undefined) return value
        if (wanted.has(context.source)) return redactedText
        return rawJson ? rawJson(context.source) : value
      },
    )
    return JSON.stringify(tree)
  } catch {
    // Not JSON after all, or deeper than the stack allows: hidden as text.
    return undefined
  }
}
