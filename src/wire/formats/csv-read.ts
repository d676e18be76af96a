import { normalize_options, parse } from 'csv-parse/browser/esm/sync'
import type { DtoDef } from '../../model/index.ts'
import type { RequestContext } from '../request-context.ts'
import { DecodeError } from '../request/decode-error.ts'
import type { Limits } from '../request/limits.ts'
import type { Loose, LooseObject } from '../request/loose.ts'
import { quoteJsvCells, unquotedJsv } from './csv-jsv-cells.ts'
import { readJsv } from './jsv-read.ts'

// Reading CSV is csv-parse's (its browser build needs no Node Buffer, so it runs in a service
// worker). It sits apart from the writer so that the parser loads only with the readers.

/**
 * The Buffer class csv-parse's browser build carries (a polyfill; Node's own in Node builds):
 * handed a string, that polyfill encodes it to UTF-8 in JavaScript, twice over, character by
 * character; handed a Buffer over bytes the runtime encoded, it reads them as
 * they are. (A plain Uint8Array, which its types allow, is refused by its Buffer check.)
 */
const CsvBuffer = (normalize_options({}).delimiter[0] as Buffer).constructor as typeof Buffer

function csvBytes(text: string): Buffer {
  const bytes = new TextEncoder().encode(text)
  return CsvBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/**
 * Reads a header row and the first data row. Cells of structured fields are JSV; every other
 * cell is text for the binder. A row shorter than the header is read; a wider one is refused
 * as CsvReader refuses it (`tooWide`). `warn` reports what the mock adds to the real answer.
 */
export function readCsv(
  text: string,
  def: DtoDef,
  limits: Limits,
  warn: (message: string) => void = () => {},
): Loose {
  checkCsvWidth(text, limits.arrayLength)
  let rows: string[][]
  try {
    // A row shorter than the header is read (its missing cells are absent), as CsvReader reads
    // it; a wider one is an error there too (servicestack-wire.md section 3.4).
    const options = { bom: true, skip_empty_lines: true, to: 2, relax_column_count_less: true }
    const quoted = unquotedJsv.test(text) ? quoteJsvCells(text) : text
    rows = parse(csvBytes(quoted), options) as string[][]
  } catch (error) {
    const problem = csvProblem(error)
    if ((error as { code?: string }).code !== 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
      throw new DecodeError(
        `Could not deserialize 'text/csv' request using ${def.name}: ${problem}`,
      )
    }
    warn(`the real server refuses the CSV body: ${problem}`)
    throw tooWide()
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
    // `findField`, written out: on the path of every column of every CSV body.
    const entry = def.byName.get(name) ?? def.byLowerName.get(name.toLowerCase())
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

/** .NET Framework's `ArgumentOutOfRange_Index` (reference source `mscorlib/mscorlib.txt` l.834). */
const indexOutOfRange =
  'Index was out of range. Must be non-negative and less than the size of the collection.'

/**
 * A row wider than its header, as the real host answers it (issue 30, B12 and N11): CsvReader
 * indexes the header list by the cell's position (SST `CsvReader.cs` l.373–378,
 * `headers[i]`), and `List<T>`'s indexer throws ArgumentOutOfRangeException for `index`
 * (reference source `mscorlib/system/collections/generic/list.cs` l.174–179,
 * `throwhelper.cs` l.55–57). The host reports that inner exception (SS `HostConfig.cs` l.175,
 * `ServiceStackHost.Runtime.cs` l.582–590): its message with .NET Framework's parameter line
 * (`argumentexception.cs` l.70–81), and an `Errors[]` entry for the parameter, the message cut
 * before "Parameter name:" (SS `ServiceStackHost.Runtime.cs` l.612–635). The status stays 400:
 * the exception thrown is still ServiceStack's SerializationException, which wraps it
 * (`ServiceStackHandlerBase.cs` l.227–231).
 */
function tooWide(): DecodeError {
  return new DecodeError(`${indexOutOfRange}\r\nParameter name: index`, {
    errorCode: 'ArgumentOutOfRangeException',
    errors: [
      { ErrorCode: 'ArgumentOutOfRangeException', FieldName: 'index', Message: indexOutOfRange },
    ],
  })
}

/** What went wrong, in the mock's words: csv-parse's quote the body. */
function csvProblem(error: unknown): string {
  const { code, lines } = error as { code?: string; lines?: number }
  const where = lines === undefined ? '' : ` (line ${lines})`
  switch (code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return `a row has more cells than the header${where}`
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted cell is not closed${where}`
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return `a quote stands inside an unquoted cell${where}`
    default:
      return `the body is not valid CSV${where}`
  }
}

const quote = 0x22
const comma = 0x2c
const cr = 0x0d
const lf = 0x0a

/**
 * Refuses a CSV body whose header or first data row has more than `maxCells` cells, in one
 * pass over the text and before csv-parse spends its time on each cell. The rows
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

/** A CSV request body as the pipeline reads it, its warnings the request's. */
export function readCsvBody(text: string, def: DtoDef, ctx: RequestContext): Loose {
  return readCsv(text, def, ctx.config.limits, (message) => ctx.warnings.add(message))
}
