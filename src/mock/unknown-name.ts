import { closest } from '../wire/index.ts'

/**
 * The end of a message about a name that is not among `names`: the closest one if it is a few
 * edits away, and the whole list, so the user never has to look them up.
 * @example unknownNameHint('emtpy', ['default', 'empty']) // " (did you mean 'empty'?); the names are default, empty"
 */
export function unknownNameHint(given: string, names: readonly string[], what = 'names'): string {
  // A transposition (`emtpy`) is two edits; a short name gets no more than that.
  const near = closest(given, names, Math.min(3, Math.max(2, Math.floor(given.length / 3))))
  return `${near === undefined ? '' : ` (did you mean '${near}'?)`}; the ${what} are ${names.join(', ')}`
}
