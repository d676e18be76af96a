// ServiceStack's CsvReader reads a cell that starts with `[` or `{` as one JSV value up to its
// matching bracket, commas inside and all, where plain CSV would split it at every comma. This
// quotes such cells (doubling their quotes) so that csv-parse reads them whole; a body with
// none is returned as it is. One pass, bracket depth counted outside JSV's quoted strings.

/** Whether a body has such a cell at all: most have none, and skip `quoteJsvCells`. */
export const unquotedJsv = /(?:^|[,\r\n])[[{]/

/** The text with every unquoted `[…]` or `{…}` cell that holds a comma quoted. */
export function quoteJsvCells(text: string): string {
  if (!unquotedJsv.test(text)) return text
  let out = ''
  let from = 0
  let quoting = false
  let cellStart = true
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"') {
      quoting = !quoting
      cellStart = false
      continue
    }
    if (quoting) continue
    if (cellStart && (c === '[' || c === '{')) {
      const end = jsvEnd(text, i)
      const cell = text.slice(i, end)
      if (cell.includes(',')) {
        out += `${text.slice(from, i)}"${cell.replaceAll('"', '""')}"`
        from = end
      }
      i = end - 1
      cellStart = false
      continue
    }
    cellStart = c === ',' || c === '\r' || c === '\n'
  }
  return out + text.slice(from)
}

/** Where a JSV value starting at `start` ends: after its matching bracket, or at the line's end. */
function jsvEnd(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '"') inString = text[i + 1] === '"' ? (i++, true) : false
      continue
    }
    if (c === '"') inString = true
    else if (c === '[' || c === '{') depth++
    else if (c === ']' || c === '}') {
      if (--depth === 0) return i + 1
    } else if (c === '\r' || c === '\n') return i
  }
  return text.length
}
