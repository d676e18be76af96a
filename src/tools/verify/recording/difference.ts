/** What part of an answer a difference is in. */
export const differenceParts = [
  'request',
  'status',
  'reason',
  'content type',
  'header',
  'body',
  'error',
] as const
export type DifferencePart = (typeof differenceParts)[number]

/** One way the mock's answer differs from the recorded one. */
export interface Difference {
  readonly part: DifferencePart
  /** The field (`Variations[0].Id`), header (`Vary`) or `ResponseStatus.ErrorCode` it is in. */
  readonly field: string
  /** What the recording has there, and what the mock answered; `(absent)` for nothing. */
  readonly recorded: string
  readonly mock: string
  /** The difference in one sentence. */
  readonly says: string
}

export const absent = '(absent)'

/** Whether a field or header is left out of the comparison (`--ignore` and the volatile list). */
export type Ignored = (path: string, name: string) => boolean

/**
 * Matches a name on the list to a field by its name at any depth, or by its path
 * (`ResponseStatus.StackTrace`), in any case; a header by its name.
 */
export function ignoredBy(names: readonly string[]): Ignored {
  const wanted = new Set(names.map((name) => name.toLowerCase()))
  return (path, name) => {
    if (wanted.size === 0) return false
    const bare = path.replace(/\[\d+\]/g, '').toLowerCase()
    return wanted.has(name.toLowerCase()) || wanted.has(bare)
  }
}
