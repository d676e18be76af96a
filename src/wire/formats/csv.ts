import { normalize_options, parse } from 'csv-parse/browser/esm/sync'
import { findField, type DtoDef } from '../../model/index.ts'
import { DecodeError } from '../decode-error.ts'
import type { Limits } from '../limits.ts'
import type { Loose, LooseObject } from '../loose.ts'
import { oncePerDto } from './compile-dto-function.ts'
import { makeCsvTableWriter, type CsvCellWriters } from './csv-table-writer.ts'
import { checkCsvWidth } from './csv-scan.ts'
import { caseName, defaultWriteOptions, type WriteOptions } from './jsconfig.ts'
import { isDefaultValue } from './is-default-value.ts'
import { jsvValue, readJsv } from './jsv.ts'

// CSV as ServiceStack's CsvSerializer reads and writes a single DTO (servicestack-wire.md
// sections 3.3 and 4): a header row and one data row, JSV inside the cells. Reading is
// csv-parse's (its browser build needs no Node Buffer, so it runs in a service worker).
// Writing is ServiceStack's own quoting rule, below: csv-stringify did the same per answer at
// about 11 µs, most of it re-reading its options (measured under load; the CSV answer was a
// third slower than the JSON one).

/** `CsvWriter.HasAnyEscapeChars`: `"`, `,`, CR or LF anywhere, or `[` or `{` first. */
const escapeChars = /[",\r\n]|^[[{]/

/** One DTO as a CSV table: header row, data row, CRLF after each, nulls as empty cells. */
export function writeCsv(def: DtoDef, value: object, options: WriteOptions): string {
  const record = value as Record<string, unknown>
  // Almost every answer is written under the default options: a writer made for the DTO.
  const compiled = options === defaultWriteOptions ? defaultTableWriter(def) : null
  if (compiled) return compiled(record)
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
    // Header names are written unescaped, as CsvWriter does (they are identifiers).
    header += caseName(entry.name, options.textCase)
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

const defaultTableWriter = oncePerDto((def) => makeCsvTableWriter(def, defaultCells))

/** What a writer made for a DTO calls: the same cells and quoting as the loop above. */
const defaultCells: CsvCellWriters = {
  cellOf: (type, value) => csvCell(value, type, defaultWriteOptions),
  toCsvField,
}

/**
 * The Buffer class csv-parse's browser build carries (a polyfill; Node's own in Node builds):
 * handed a string, that polyfill encodes it to UTF-8 in JavaScript, twice over, at about half
 * a microsecond a character; handed a Buffer over bytes the runtime encoded, it reads them as
 * they are. (A plain Uint8Array, which its types allow, is refused by its Buffer check.)
 */
const CsvBuffer = (normalize_options({}).delimiter[0] as Buffer).constructor as typeof Buffer

function csvBytes(text: string): Buffer {
  const bytes = new TextEncoder().encode(text)
  return CsvBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** ServiceStack's `StripQuotes`: the cell holds the JSV text without its outer quotes. */
function stripQuotes(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text
}

/**
 * Reads a header row and the first data row. Cells of structured fields are JSV; every other
 * cell is text for the binder. A row wider or narrower than the header is refused.
 */
export function readCsv(text: string, def: DtoDef, limits: Limits): Loose {
  checkCsvWidth(text, limits.arrayLength)
  let rows: string[][]
  try {
    rows = parse(csvBytes(text), { bom: true, skip_empty_lines: true, to: 2 }) as string[][]
  } catch (error) {
    throw new DecodeError(
      `Could not deserialize 'text/csv' request using ${def.name}: ${(error as Error).message}`,
    )
  }
  const [header, data] = rows
  const out: LooseObject = {}
  if (!header || !data) return out
  // The row itself is the body's first level: a cell's own nesting starts one below it.
  const cellLimits = { ...limits, depth: limits.depth - 1 }
  for (let i = 0; i < header.length; i++) {
    const name = (header[i] ?? '').trim()
    const cell = data[i] ?? ''
    if (cell === '') continue
    const entry = findField(def, name)
    const kind = entry?.spec.type.kind
    const value =
      kind === 'list' || kind === 'object' || kind === 'any' ? readJsv(cell, cellLimits) : cell
    Object.defineProperty(out, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}
