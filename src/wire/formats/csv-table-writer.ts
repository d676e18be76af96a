import type { DtoDef, FieldType } from '../../model/index.ts'
import { compileDtoFunction } from './compile-dto-function.ts'

/** A DTO as a CSV table under the default options: header row and data row. */
export type CsvTableWriter = (value: Record<string, unknown>) => string

/** The parts of the CSV writer a generated one calls: the cell text and its quoting. */
export interface CsvCellWriters {
  /** The text of a present value of any kind but `string` (JSV without outer quotes). */
  cellOf(type: FieldType, value: unknown): string
  /** `ToCsvField`: quoted when it holds an escape character. */
  toCsvField(text: string): string
}

/**
 * A function made for one DTO that writes its CSV table under the default options. Every column
 * is written (only `ExcludeDefaultValues` drops columns), so the header row is the same text
 * for every answer and is made once. `null` where no function can be made: the caller keeps its
 * generic writer.
 */
export function makeCsvTableWriter(def: DtoDef, cells: CsvCellWriters): CsvTableWriter | null {
  const header = `${def.entries.map((entry) => entry.name).join(',')}\r\n`
  const types = def.entries.map((entry) => entry.spec.type)
  const { cellOf, toCsvField } = cells
  const args = { header, types, cellOf, toCsvField }
  return compileDtoFunction<CsvTableWriter>(def, 'CsvTable', args, (locals) => {
    const row = def.entries.map((entry, i) => {
      const f = locals[i] as string
      const text =
        entry.spec.type.kind === 'string'
          ? `typeof ${f} === 'string' ? ${f} : String(${f})`
          : `cellOf(types[${i}], ${f})`
      return `(${f} == null ? '' : toCsvField(${text}))`
    })
    return `return header + ${row.join(" + ',' + ")} + '\\r\\n'`
  })
}
