import { capList, cutText, listLimit, moreText, warningLimit } from './list-limit.ts'

/**
 * What the mock noticed in one request and let pass, for `X-Mock-Warning`, the journal and the
 * log. At most `listLimit` are kept; past that they are only counted, so a flood costs no memory.
 */
export class WarningList {
  readonly #kept: string[] = []
  #leftOut = 0

  /** Notes a warning, cut to `warningLimit` characters. */
  add(message: string): void {
    if (this.#kept.length < listLimit) this.#kept.push(cutText(message, warningLimit))
    else this.#leftOut++
  }

  /** Counts warnings that were left out before they were written (the binder's, past its cap). */
  addUnwritten(count: number): void {
    this.#leftOut += count
  }

  /** The warnings, the last saying how many more were left out (`… and 4900 more`). */
  get list(): readonly string[] {
    return capList(this.#kept, this.#leftOut, moreText)
  }

  /** How many there were in all, those left out included. */
  get count(): number {
    return this.#kept.length + this.#leftOut
  }
}
