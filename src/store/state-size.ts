/** `--max-state-bytes`'s default: 64 MiB of entities' JSON per state. */
export const defaultMaxStateBytes = 64 * 1024 * 1024

/**
 * A write refused because it would take a state past its size limit: nothing of it is stored.
 * The operations answer it `507 InsufficientStorage`.
 */
export class StateFullError extends Error {
  /** The state's size before the write, in bytes of JSON. */
  readonly bytes: number
  /** How much the write would have added. */
  readonly growth: number
  readonly limit: number

  constructor(bytes: number, growth: number, limit: number) {
    super(
      `Failed to store: the state would hold ${bytes + growth} bytes, past its limit of ${limit} (--max-state-bytes)`,
    )
    this.name = 'StateFullError'
    this.bytes = bytes
    this.growth = growth
    this.limit = limit
  }
}

/**
 * About the length of `value` as JSON, counted without writing it (a write must stay cheap):
 * strings by their length plus quotes, a date as its wire form's length, and a name, a colon
 * and a comma per member. Escapes and characters past ASCII are not counted apart.
 */
export function jsonSizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  if (typeof value === 'number') {
    // Most numbers the entities hold are small whole ones or ratings.
    return Number.isInteger(value) && value >= 0 && value < 1e6 ? 6 : 24
  }
  if (typeof value === 'boolean') return 5
  if (typeof value !== 'object' || value === null) return 4
  if (value instanceof Date) return 28
  let size = 2
  if (Array.isArray(value)) {
    for (const item of value) size += jsonSizeOf(item) + 1
    return size
  }
  // for…in rather than Object.keys: no array made, faster on an entity. The
  // store's entities are plain objects, with no enumerable members but their own.
  for (const name in value) {
    const member = (value as Record<string, unknown>)[name]
    size += name.length + 4 + (typeof member === 'string' ? member.length + 2 : jsonSizeOf(member))
  }
  return size
}
