// ServiceStack.Text writes a string's special characters unlike `JSON.stringify`
// (JsonUtils.WriteString): every control character (C0, DEL and the C1 range, `char.IsControl`)
// other than the short escapes as `\u` with upper-case hex (`\u001F`, `\u007F`, `\u0085`), and
// a lone surrogate, which UTF-8 cannot encode, as U+FFFD. `JSON.stringify` writes C0 in lower
// case, DEL and C1 raw, and a lone surrogate as an escape.

/** A raw DEL or C1 character. */
const c1 = /[\u007f-\u009f]/

// Scanning every answer with a regular expression was a measurable part of each JSON answer
// (docs/performance.md, "The developer surface and fidelity"). An answer of only ASCII, nearly
// every one, holds no C1 character: the encoder says so natively (its UTF-8 is as long as the
// text) for far less than the regex, and DEL, which is ASCII, is looked for on its own. The
// scratch bytes are written and never read back; a long answer goes to the regex.
const encoder = new TextEncoder()
const scratch = new Uint8Array(64 * 1024)

function mayHoldC1(json: string): boolean {
  return (
    json.includes('\u007f') ||
    json.length * 3 > scratch.length ||
    encoder.encodeInto(json, scratch).written !== json.length
  )
}

/** An escape sequence as one unit (so `\\u0001`, an escaped backslash, is left alone), or DEL/C1. */
const escapeOrControl = /\\(?:u([0-9a-f]{4})|.)|[\u007f-\u009f]/g

/** JSON text from `JSON.stringify`, with its strings' escapes made ServiceStack.Text's. */
export function serviceStackEscapes(json: string): string {
  if (!json.includes('\\u') && !(mayHoldC1(json) && c1.test(json))) return json
  return json.replace(escapeOrControl, (match: string, hex: string | undefined) => {
    if (match.length === 1) return upperEscape(match.charCodeAt(0))
    if (hex === undefined) return match
    const code = Number.parseInt(hex, 16)
    // `JSON.stringify` escapes only control characters and lone surrogates.
    return code >= 0xd800 && code <= 0xdfff ? '\ufffd' : upperEscape(code)
  })
}

function upperEscape(code: number): string {
  return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`
}
