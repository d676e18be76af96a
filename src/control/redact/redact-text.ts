import { newRedaction, redactedText, type Redaction } from './secret-names.ts'

/**
 * `name: value`, `"name": "value"`, `name=value` and `name="value"`: a name at the start of a
 * word, then its value, quoted (the closing quote may be missing in a cut text) or bare up to a
 * separator. Each part is linear: a name starts only where no name character stands before it.
 */
const pairPattern =
  /(?<![\w-])(["']?)([A-Za-z_][\w-]*)\1(\s*[:=]\s*)("(?:[^"\\\n]|\\.)*"?|'[^'\n]*'?|[^\s,;&{}[\]<>"']+)/g

/** `<name attributes>text`: an element's text, up to the next tag. */
const elementPattern = /<((?:[\w.-]+:)?([\w.-]+))((?:\s[^<>]*)?)>([^<]+)/g

/**
 * A text the format readers could not take (cut by the journal, not well-formed, or of a type
 * they do not know) with the values of secret names replaced as well as its look allows:
 * pairs written as JSON, JSV, forms and headers write them, and XML elements' text. A value
 * that is itself an object or a list is left to the readers.
 */
export function redactText(text: string, redaction: Redaction = newRedaction()): string {
  const { names } = redaction
  return text
    .replace(
      pairPattern,
      (whole, quote: string, name: string, separator: string, value: string) => {
        if (!names.isSecret(name)) return whole
        const open = value.startsWith('"') || value.startsWith("'") ? value.charAt(0) : ''
        const close = open !== '' && value.length > 1 && value.endsWith(open) ? open : ''
        redaction.found.add(value.slice(open.length, value.length - close.length))
        return `${quote}${name}${quote}${separator}${open}${redactedText}${close}`
      },
    )
    .replace(elementPattern, (whole, tag: string, local: string, rest: string, content: string) => {
      if (!names.isSecret(local) || content.trim() === '') return whole
      redaction.found.add(content.trim())
      return `<${tag}${rest}>&lt;redacted&gt;`
    })
}
