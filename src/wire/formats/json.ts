import type { DtoDef, FieldType } from '../../model/index.ts'
import { DecodeError } from '../request/decode-error.ts'
import { checkLimits, checkTextDepth, type Limits } from '../request/limits.ts'
import type { Loose } from '../request/loose.ts'
import { formatJsonDate } from './date-handlers.ts'
import { enumNumber } from './enum-number.ts'
import { caseName, type WriteOptions } from './jsconfig.ts'
import { isDefaultValue } from './is-default-value.ts'
import { serviceStackEscapes } from './json-escapes.ts'
import { lenientJson } from './json-lenient.ts'
import { withNumberTokens } from '../request/number-token.ts'
import { needsPlain, plainDecimal } from './plain-decimal.ts'

/**
 * Parses a JSON request body. As ServiceStack.Text, an empty body is an empty DTO and a body
 * that does not start with `{` is refused (servicestack-wire.md section 3.2).
 */
export function readJson(
  text: string,
  dtoName: string,
  limits: Limits,
  warn: (message: string) => void = () => {},
): Loose {
  const trimmed = text.trim()
  if (trimmed === '') return {}
  if (!trimmed.startsWith('{')) {
    throw new DecodeError(
      `Type definitions should start with a '{', expecting serialized type '${dtoName}', got string starting with: ${trimmed.slice(0, 50)}`,
    )
  }
  // A large, deeply nested body is refused before parsing costs anything; small ones are cheap
  // to parse and the depth is checked on the parsed tree (JSON.parse itself cannot overflow).
  if (trimmed.length > 4096) checkTextDepth(trimmed, limits)
  let tree: Loose
  let read = trimmed
  try {
    // JSON.parse defines `__proto__` as a plain own key, so no prototype is ever reached.
    tree = JSON.parse(trimmed) as Loose
  } catch (error) {
    ;[tree, read] = lenientTree(trimmed, dtoName, error, warn)
  }
  checkLimits(tree, limits)
  // A number JSON.parse would alter (`12.50`, `1e2`) is read again with its text, on the rare
  // body that may hold one (number-token.ts).
  return (withNumberTokens(read) as Loose | undefined) ?? tree
}

/**
 * A body JSON.parse refused, read as ServiceStack.Text reads it (json-lenient.ts) with a
 * warning, and the JSON text that was read; or a 400 in the mock's own words: where it stopped, never the parser's message,
 * which may quote the body's bytes.
 */
function lenientTree(
  text: string,
  dtoName: string,
  error: unknown,
  warn: (m: string) => void,
): [Loose, string] {
  const lenient = lenientJson(text)
  if (lenient) {
    try {
      const tree = JSON.parse(lenient.text) as Loose
      warn(`the JSON body ${lenient.fixes.join(' and ')}; read as the real server reads it`)
      return [tree, lenient.text]
    } catch {
      // Not readable either: the original error stands.
    }
  }
  // Only the position is taken from the parser's message: its words may quote the body.
  const position = /position (\d+)/.exec((error as Error).message)?.[1]
  const where = position === undefined ? '' : ` at character ${Number(position) + 1}`
  throw new DecodeError(
    `Could not deserialize 'application/json' request using ${dtoName}: the body is not valid JSON${where}`,
  )
}

/** `JSON.rawJSON`: a value `JSON.stringify` writes as the given JSON text, unquoted. */
type RawJson = (text: string) => unknown

/**
 * A DTO as ServiceStack.Text writes it: compact, declaration order, nulls omitted by default.
 * Where the runtime has `JSON.rawJSON` (Node 21+, current browsers), the DTO becomes a tree of
 * plain JSON values and one `JSON.stringify` writes it as one flat string, which the socket
 * writes without flattening a rope of joined texts (docs/performance.md, "One JSON.stringify").
 * Dates are the one token `JSON.stringify` cannot make (`"\/Date(ms)\/"`), so they go in as raw
 * JSON. Elsewhere the same text is joined field by field.
 */
export function writeJson(def: DtoDef, value: object, options: WriteOptions): string {
  const rawJson = (JSON as { rawJSON?: RawJson }).rawJSON
  const record = value as Record<string, unknown>
  if (typeof rawJson !== 'function') return serviceStackEscapes(writeObject(def, record, options))
  return serviceStackEscapes(JSON.stringify(treeOf(def, record, options, rawJson)))
}

/** The DTO's JSON tree: the fields to write, in order, under their cased names. */
function treeOf(
  def: DtoDef,
  value: Record<string, unknown>,
  options: WriteOptions,
  rawJson: RawJson,
): Record<string, unknown> {
  const tree: Record<string, unknown> = {}
  // Nearly every answer keeps the declared names and leaves nulls and defaults as they are.
  const plain =
    options.textCase === 'PascalCase' && !options.includeNullValues && !options.excludeDefaultValues
  for (const entry of def.entries) {
    const field = value[entry.name]
    if (plain) {
      if (field != null) tree[entry.name] = nodeOf(entry.spec.type, field, options, rawJson)
      continue
    }
    if (field === null || field === undefined) {
      if (!options.includeNullValues) continue
    } else if (options.excludeDefaultValues && isDefaultValue(entry.spec, field)) continue
    tree[caseName(entry.name, options.textCase)] = nodeOf(entry.spec.type, field, options, rawJson)
  }
  return tree
}

/** One value as `JSON.stringify` should see it to write what `writeValue` writes. */
function nodeOf(type: FieldType, value: unknown, options: WriteOptions, rawJson: RawJson): unknown {
  if (value === null || value === undefined) return null
  switch (type.kind) {
    case 'string':
    case 'guid':
      return String(value)
    case 'int':
      return Number.isFinite(value) ? value : null
    case 'decimal':
      // A decimal never has an exponent (plain-decimal.ts): the few numbers JavaScript would
      // write with one go in as raw JSON.
      // A decimal held as its exact text (model `Decimal`) is written as that number token.
      if (typeof value === 'string') return rawJson(value)
      if (!Number.isFinite(value)) return null
      return needsPlain(value as number) ? rawJson(plainDecimal(value as number)) : value
    case 'bool':
      return Boolean(value)
    case 'date':
      // An invalid date has no JSON token (`NaN` is none): null, as from the other writer.
      return Number.isNaN((value as Date).getTime())
        ? null
        : rawJson(formatJsonDate(value as Date, options.dateHandler, options.appendUtcOffset))
    case 'enum':
      return options.treatEnumAsInteger ? enumNumber(type.values, value as string) : value
    case 'any':
      return value
    case 'object':
      return treeOf(type.dto(), value as Record<string, unknown>, options, rawJson)
    case 'list':
      return (value as unknown[]).map((item) => nodeOf(type.item, item, options, rawJson))
  }
}

function writeObject(def: DtoDef, value: Record<string, unknown>, options: WriteOptions): string {
  let out = '{'
  let first = true
  for (const entry of def.entries) {
    const field = value[entry.name]
    if (field === null || field === undefined) {
      if (!options.includeNullValues) continue
    } else if (options.excludeDefaultValues && isDefaultValue(entry.spec, field)) continue
    if (!first) out += ','
    first = false
    out += `"${caseName(entry.name, options.textCase)}":${writeValue(entry.spec.type, field, options)}`
  }
  return out + '}'
}

function writeValue(type: FieldType, value: unknown, options: WriteOptions): string {
  if (value === null || value === undefined) return 'null'
  switch (type.kind) {
    case 'string':
    case 'guid':
      return JSON.stringify(String(value))
    case 'int':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'decimal':
      if (typeof value === 'string') return value
      return Number.isFinite(value) ? plainDecimal(value as number) : 'null'
    case 'bool':
      return value ? 'true' : 'false'
    case 'date':
      return Number.isNaN((value as Date).getTime())
        ? 'null'
        : formatJsonDate(value as Date, options.dateHandler, options.appendUtcOffset)
    case 'enum':
      return options.treatEnumAsInteger
        ? String(enumNumber(type.values, value as string))
        : JSON.stringify(value)
    case 'any':
      return JSON.stringify(value) ?? 'null'
    case 'object':
      return writeObject(type.dto(), value as Record<string, unknown>, options)
    case 'list': {
      const items = value as unknown[]
      let out = '['
      for (let i = 0; i < items.length; i++) {
        if (i > 0) out += ','
        out += writeValue(type.item, items[i], options)
      }
      return out + ']'
    }
  }
}
