import type { FieldType } from '../../model/index.ts'
import { parseGuid } from '../formats/guid.ts'
import { parseDecimalText } from '../formats/parse-decimal.ts'
import { freshInstall, parseDate, parseXsdDate, type DateReading } from '../formats/wcf-date.ts'
import type { Loose } from './loose.ts'
import { NumberToken } from './number-token.ts'

// The scalar conversions of the binder (bind-dto.ts): every form ServiceStack.Text reads a
// scalar in, and nothing else.

const int32 = /^[+-]?\d+$/
/** .NET's `decimal.MaxValue` (79228162514264337593543950335) as the nearest double. */
const decimalMax = 7.922816251426434e28

/** What a value that does not convert gives: the binder drops it and reports it. */
export const unbound = Symbol('unbound')

/** A scalar field's value from its input, or `unbound`; dates as the host is set to read them. */
export function scalarValue(
  type: FieldType,
  input: Loose,
  dates: DateReading = freshInstall,
): unknown {
  switch (type.kind) {
    case 'int': {
      // `1.0` and `1e2` are refused, not rounded: Int32's parser takes digits only.
      if (input instanceof NumberToken) return unbound
      const n = typeof input === 'string' && int32.test(input.trim()) ? Number(input) : input
      if (typeof n === 'number' && Number.isInteger(n) && n >= -2147483648 && n <= 2147483647)
        return n
      return unbound
    }
    case 'decimal':
      return decimalValue(input)
    case 'bool': {
      if (typeof input === 'boolean') return input
      const text = (input instanceof NumberToken ? input.text : String(input)).trim().toLowerCase()
      if (text === 'true' || text === '1') return true
      if (text === 'false' || text === '0') return false
      return unbound
    }
    case 'date': {
      if (typeof input !== 'string') return unbound
      const date = dates.xml ? parseXsdDate(input) : parseDate(input, dates)
      return date ?? unbound
    }
    case 'guid': {
      const guid = typeof input === 'string' ? parseGuid(input) : undefined
      return guid ?? unbound
    }
    case 'enum': {
      const text = enumText(input)
      if (text === undefined) return unbound
      const lower = text.toLowerCase()
      const byName = type.values.find((name) => name.toLowerCase() === lower)
      if (byName) return byName
      // Enum.Parse takes any Int32, a member or not (SST CachedTypeInfo.cs l.98–104): the
      // number of no member is kept as its text, which is how ServiceStack.Text writes it.
      if (!int32.test(text)) return unbound
      const n = Number(text)
      if (n < -2147483648 || n > 2147483647) return unbound
      return type.values[n] ?? String(n)
    }
    default:
      return unbound
  }
}

/** The text Enum.Parse is handed: a string, or a JSON number's token; else none. */
function enumText(input: Loose): string | undefined {
  if (typeof input === 'string') return input.trim()
  if (input instanceof NumberToken) return input.text
  if (typeof input === 'number') return String(input)
  return undefined
}

/**
 * A decimal as ServiceStack.Text reads it: a JSON number's token, or text, by its own parser
 * (parse-decimal.ts: an exponent only after a point, thousands separators, no `+`); within
 * .NET decimal's range. Where its text says more than a double keeps (`4.50`, 20 digits), the
 * text is the value (model `Decimal`), so that it is answered as .NET writes it.
 */
function decimalValue(input: Loose): unknown {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || Math.abs(input) > decimalMax) return unbound
    // .NET writes a negative zero as `0` (issue 39, P4).
    return input === 0 ? 0 : input
  }
  const source = input instanceof NumberToken ? input.text : input
  if (typeof source !== 'string') return unbound
  const text = parseDecimalText(source)
  if (text === undefined) return unbound
  const value = Number(text)
  return String(value) === text ? value : text
}
