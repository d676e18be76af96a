import type { DtoDef } from '../../model/index.ts'
import type { WriteOptions } from './jsconfig.ts'
import { isDefaultValue } from './is-default-value.ts'
import { jsvValue } from './jsv-write.ts'

// CSV as ServiceStack's CsvSerializer reads and writes a single DTO (servicestack-wire.md
// sections 3.3 and 4): a header row and one data row, JSV inside the cells. Reading is in
// csv-read.ts. Writing is ServiceStack's own quoting rule, below, hand-written because
// csv-stringify made a CSV answer much dearer than JSON (docs/performance.md, "CSV writer").

/** `CsvWriter.HasAnyEscapeChars`: `"`, `,`, CR or LF anywhere, or `[` or `{` first. */
const escapeChars = /[",\r\n]|^[[{]/

/** One DTO as a CSV table: header row, data row, CRLF after each, nulls as empty cells. */
export function writeCsv(def: DtoDef, value: object, options: WriteOptions): string {
  const record = value as Record<string, unknown>
  let header = ''
  let row = ''
  for (const entry of def.entries) {
    const field = record[entry.name]
    // ExcludeDefaultValues drops a column whose value is the default in every row.
    if (options.excludeDefaultValues && field != null && isDefaultValue(entry.spec, field)) continue
    if (header !== '') {
      header += ','
      row += ','
    }
    // Header names are written unescaped, as CsvWriter does (they are identifiers), and as
    // declared: `?jsconfig=eccn` changes only the JSV inside the cells (issue 18).
    header += entry.name
    row += toCsvField(csvCell(field, entry.spec.type, options))
  }
  return `${header}\r\n${row}\r\n`
}

/** `ToCsvField`: a cell with an escape character is quoted, its own quotes doubled. */
function toCsvField(text: string): string {
  return escapeChars.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function csvCell(
  value: unknown,
  type: DtoDef['entries'][number]['spec']['type'],
  options: WriteOptions,
): string {
  if (value === null || value === undefined) return ''
  if (type.kind === 'string') return String(value)
  return stripQuotes(jsvValue(type, value, options))
}

/** ServiceStack's `StripQuotes`: the cell holds the JSV text without its outer quotes. */
function stripQuotes(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text
}
