import { DecodeError } from '../request/decode-error.ts'

const quote = 0x22
const comma = 0x2c
const cr = 0x0d
const lf = 0x0a

/**
 * Refuses a CSV body whose header or first data row has more than `maxCells` cells, in one
 * pass over the text and before csv-parse spends about a microsecond on each cell. The rows
 * are found as csv-parse finds them: quotes toggle quoting (`""` twice, so it nets out), the
 * first line break outside quotes fixes the record delimiter (CRLF, LF or CR), empty lines do
 * not count, and the scan stops after the second row, where the reader stops too.
 */
export function checkCsvWidth(text: string, maxCells: number): void {
  let quoting = false
  let delimiter: 'crlf' | 'lf' | 'cr' | null = null
  let cells = 1
  let empty = true
  let rows = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === quote) {
      quoting = !quoting
      empty = false
      continue
    }
    if (quoting) continue
    let end = 0
    if (c === cr || c === lf) {
      const crlf = c === cr && text.charCodeAt(i + 1) === lf
      delimiter ??= crlf ? 'crlf' : c === lf ? 'lf' : 'cr'
      if (delimiter === 'crlf') end = crlf ? 2 : 0
      else end = (delimiter === 'lf') === (c === lf) ? 1 : 0
    }
    if (end === 0) {
      if (c === comma && ++cells > maxCells) {
        throw new DecodeError(
          `Failed to read request: a CSV row has more cells than the limit of ${maxCells}`,
        )
      }
      empty = false
      continue
    }
    if (!empty && ++rows === 2) return
    i += end - 1
    cells = 1
    empty = true
  }
}
