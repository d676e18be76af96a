// ServiceStack.Text's JsvFormatter.Format (SST JsvFormatter.cs), character for character: the
// indented JSV that `?format=jsv&debug=…` answers with. Like the original it counts a quote as
// opening or closing a string, and breaks lines at braces and brackets even inside one.

/** Pretty-printed JSV, as `dto.SerializeAndFormat()` writes it (SST TypeSerializer.cs l.311–319). */
export function formatJsv(text: string): string {
  let tabs = 0
  let out = ''
  let firstKeySeparator = true
  let inString = false
  // AppendLine on the Windows host: CRLF, then a tab per level.
  const tabLine = (count: number): string => `\r\n${'\t'.repeat(Math.max(count, 0))}`
  for (let i = 0; i < text.length; i++) {
    const current = text[i] as string
    const previous = i > 0 ? text[i - 1] : undefined
    const next = i < text.length - 1 ? text[i + 1] : undefined
    if (current === '{' || current === '[') {
      if (previous === ':') {
        if (next === '}' || next === ']') {
          out += current + (text[++i] as string)
          continue
        }
        out += tabLine(tabs)
      }
      out += current + tabLine(++tabs)
      firstKeySeparator = true
      continue
    }
    if (current === '}' || current === ']') {
      out += tabLine(--tabs) + current
      firstKeySeparator = true
      continue
    }
    if (current === '"') {
      out += current
      inString = !inString
      continue
    }
    if (current === ',' && !inString) {
      out += current + tabLine(tabs)
      firstKeySeparator = true
      continue
    }
    out += current
    if (current === ':' && firstKeySeparator) {
      out += ' '
      firstKeySeparator = false
    }
  }
  return out
}
