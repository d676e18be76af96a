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

export function checkedMaxBytes(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`Failed to limit the state: maxStateBytes must be a whole number, got ${value}`)
  }
  return value
}
