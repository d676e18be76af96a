// Per-request serializer options, `?jsconfig=` (servicestack-wire.md section 6.7).

export const dateHandlers = [
  'TimestampOffset',
  'DCJSCompatible',
  'ISO8601',
  'ISO8601DateOnly',
  'ISO8601DateTime',
  'RFC1123',
  'UnixTime',
  'UnixTimeMs',
] as const
export type DateHandler = (typeof dateHandlers)[number]

export const textCases = ['PascalCase', 'CamelCase', 'SnakeCase'] as const
export type TextCase = (typeof textCases)[number]

export interface WriteOptions {
  readonly textCase: TextCase
  readonly dateHandler: DateHandler
  /** Whether `dh` was asked for: JSV and CSV then use it instead of their own date form. */
  readonly dateHandlerSet: boolean
  readonly includeNullValues: boolean
  readonly excludeDefaultValues: boolean
  readonly treatEnumAsInteger: boolean
  readonly appendUtcOffset: boolean
}

export const defaultWriteOptions: WriteOptions = {
  textCase: 'PascalCase',
  dateHandler: 'TimestampOffset',
  dateHandlerSet: false,
  includeNullValues: false,
  excludeDefaultValues: false,
  treatEnumAsInteger: false,
  appendUtcOffset: false,
}

// Maps: a value such as `dh:constructor` must find nothing, not Object.prototype's member.
const dateHandlerNames = new Map<string, DateHandler>([
  ['to', 'TimestampOffset'],
  ['dcjsc', 'DCJSCompatible'],
  ['iso8601', 'ISO8601'],
  ['iso8601do', 'ISO8601DateOnly'],
  ['iso8601dt', 'ISO8601DateTime'],
  ['rfc1123', 'RFC1123'],
  ['ut', 'UnixTime'],
  ['utm', 'UnixTimeMs'],
  ...dateHandlers.map((name) => [name.toLowerCase(), name] as const),
])

const textCaseNames = new Map<string, TextCase | 'Default'>([
  ['d', 'Default'],
  ['default', 'Default'],
  ['pc', 'PascalCase'],
  ['pascalcase', 'PascalCase'],
  ['cc', 'CamelCase'],
  ['camelcase', 'CamelCase'],
  ['sc', 'SnakeCase'],
  ['snakecase', 'SnakeCase'],
])

/**
 * Reads `?jsconfig=` (comma-separated `key[:value]`, keys case-insensitive, long or short names,
 * a bare key meaning true). Unknown keys and values are ignored, as ServiceStack ignores them.
 */
export function parseJsConfig(text: string | null): WriteOptions {
  if (!text) return defaultWriteOptions
  const options = { ...defaultWriteOptions }
  for (const item of text.split(',')) {
    const colon = item.indexOf(':')
    const key = (colon < 0 ? item : item.slice(0, colon)).trim().toLowerCase()
    const raw = colon < 0 ? '' : item.slice(colon + 1).trim()
    const flag = !(raw.toLowerCase() === 'false' || raw === '0')
    switch (key) {
      case 'emitcamelcasenames':
      case 'eccn':
        if (flag) options.textCase = 'CamelCase'
        break
      case 'emitlowercaseunderscorenames':
      case 'elun':
        if (flag) options.textCase = 'SnakeCase'
        break
      case 'textcase':
      case 'tc': {
        const textCase = textCaseNames.get(raw.toLowerCase())
        if (textCase) options.textCase = textCase === 'Default' ? 'PascalCase' : textCase
        break
      }
      case 'datehandler':
      case 'dh': {
        const handler = dateHandlerNames.get(raw.toLowerCase())
        if (handler) {
          options.dateHandler = handler
          options.dateHandlerSet = true
        }
        break
      }
      case 'includenullvalues':
      case 'inv':
        options.includeNullValues = flag
        break
      case 'excludedefaultvalues':
      case 'edv':
        options.excludeDefaultValues = flag
        break
      case 'treatenumasinteger':
      case 'teai':
        options.treatEnumAsInteger = flag
        break
      case 'appendutcoffset':
      case 'auo':
        options.appendUtcOffset = flag
        break
    }
  }
  return options
}

/** A property name in the requested casing. */
export function caseName(name: string, textCase: TextCase): string {
  switch (textCase) {
    case 'PascalCase':
      return name
    case 'CamelCase':
      return camelCase(name)
    case 'SnakeCase':
      return name
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
        .toLowerCase()
  }
}

/**
 * ServiceStack's `ToCamelCase`: the leading run of capitals is lowered, except the last one
 * when a lowercase letter follows it (`ABTest` → `abTest`, `URL` → `url`, `Id` → `id`).
 */
function camelCase(name: string): string {
  let out = ''
  let leading = true
  for (let i = 0; i < name.length; i++) {
    const c = name.charAt(i)
    const next = i < name.length - 1 ? name.charAt(i + 1) : 'A'
    const isUpper = c >= 'A' && c <= 'Z'
    if (leading && isUpper && (i === 0 || (next >= 'A' && next <= 'Z'))) out += c.toLowerCase()
    else {
      leading = false
      out += c
    }
  }
  return out
}
