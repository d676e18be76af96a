import type { DtoDef, FieldType } from '../../model/index.ts'
import type { Loose } from '../request/loose.ts'
import { formatJsonDate } from './date-handlers.ts'
import { caseName, type WriteOptions } from './jsconfig.ts'
import { isDefaultValue } from './is-default-value.ts'
import { shortestXsdDate } from './date-handlers.ts'
import { enumNumber } from './enum-number.ts'
import { plainDecimal } from './plain-decimal.ts'

// Writes JSV, ServiceStack's TypeSerializer format (servicestack-wire.md section 5).

const escapeChars = /[":,{}[\]\r\n]/

/** A string as JSV writes it: bare unless it holds a special character, then CSV-quoted. */
export function jsvString(value: string): string {
  if (value === '') return '""'
  return escapeChars.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** A DTO as JSV: `{Key:Value,List:[a,b]}`, nulls omitted, no whitespace. */
export function writeJsv(def: DtoDef, value: object, options: WriteOptions): string {
  return writeObject(def, value as Record<string, unknown>, options)
}

function writeObject(def: DtoDef, value: Record<string, unknown>, options: WriteOptions): string {
  const parts: string[] = []
  for (const entry of def.entries) {
    const field = value[entry.name]
    if (field === null || field === undefined) {
      if (!options.includeNullValues) continue
    } else if (options.excludeDefaultValues && isDefaultValue(entry.spec, field)) continue
    parts.push(
      `${caseName(entry.name, options.textCase)}:${jsvValue(entry.spec.type, field, options)}`,
    )
  }
  return `{${parts.join(',')}}`
}

/** One value as JSV text; CSV cells hold exactly this. */
export function jsvValue(type: FieldType, value: unknown, options: WriteOptions): string {
  if (value === null || value === undefined) return ''
  switch (type.kind) {
    case 'string':
    case 'guid':
      return jsvString(String(value))
    case 'int':
      return Number.isFinite(value) ? String(value) : ''
    case 'decimal':
      if (typeof value === 'string') return value
      return Number.isFinite(value) ? plainDecimal(value as number) : ''
    case 'bool':
      return value ? 'True' : 'False'
    case 'date':
      return jsvDate(value as Date, options)
    case 'enum':
      return options.treatEnumAsInteger
        ? String(enumNumber(type.values, value as string))
        : jsvString(value as string)
    case 'any':
      return jsvAny(value as Loose)
    case 'object':
      return writeObject(type.dto(), value as Record<string, unknown>, options)
    case 'list':
      return `[${(value as unknown[]).map((item) => jsvValue(type.item, item, options)).join(',')}]`
  }
}

/**
 * JSV (and CSV, whose cells are JSV) writes the shortest XSD form of a date. Of the
 * `?jsconfig=dh:…` handlers only the Unix ones change it: ServiceStack.Text's JSV date writer
 * checks `DateHandler` for `UnixTime` and `UnixTimeMs` alone (issue 18).
 */
function jsvDate(date: Date, options: WriteOptions): string {
  const { dateHandler } = options
  if (!options.dateHandlerSet || (dateHandler !== 'UnixTime' && dateHandler !== 'UnixTimeMs'))
    return shortestXsdDate(date)
  return formatJsonDate(date, dateHandler, options.appendUtcOffset)
}

function jsvAny(value: Loose): string {
  if (value === null) return ''
  if (typeof value === 'string') return jsvString(value)
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return `[${value.map(jsvAny).join(',')}]`
  return `{${Object.keys(value)
    .filter((key) => value[key] !== null)
    .map((key) => `${jsvString(key)}:${jsvAny(value[key] as Loose)}`)
    .join(',')}}`
}
