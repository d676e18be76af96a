/**
 * How many items a per-request list holds at most: the warnings of one request and the
 * `ResponseStatus.Errors` of one answer. A request that finds more keeps the first
 * `listLimit - 1` and ends the list with one item saying how many more were left out, so what
 * a request leaves behind never grows with its body.
 */
export const listLimit = 100

/** The longest single warning kept, in characters (an XML root name is the client's text). */
export const warningLimit = 300

/** The last item of a list that was cut: `… and 4900 more`. */
export function moreText(count: number, ellipsis = '…'): string {
  return `${ellipsis} and ${count} more`
}

/**
 * At most `listLimit` items: `kept` (collected up to the limit) as it is when nothing was left
 * out, else its first `listLimit - 1` and one item from `summary` for the rest.
 */
export function capList<T>(
  kept: readonly T[],
  leftOut: number,
  summary: (count: number) => T,
): readonly T[] {
  if (leftOut === 0 && kept.length <= listLimit) return kept
  const shown = kept.slice(0, listLimit - 1)
  return [...shown, summary(kept.length - shown.length + leftOut)]
}

/** Text cut to `max` characters, the last one an ellipsis. */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/**
 * As many of `items` as fit in `maxChars` (joined by `; `), then `… and N more` for the rest,
 * where `total` counts every item found (a list from `capList` ends with its own summary, which
 * `total` replaces). For the journal's entry and the `X-Mock-Warning` header.
 */
export function fitList(
  items: readonly string[],
  total: number,
  maxChars: number,
  ellipsis = '…',
): string[] {
  // A list that was cut (`total` is more than it holds) ends with its summary: skipped here.
  const count = total > items.length ? items.length - 1 : items.length
  const out: string[] = []
  let used = 0
  for (let i = 0; i < count; i++) {
    const item = items[i] as string
    // Room is kept for the summary, so the result never passes `maxChars`.
    if (used + item.length + 2 > maxChars - 24) break
    out.push(item)
    used += item.length + 2
  }
  if (out.length < total) out.push(moreText(total - out.length, ellipsis))
  return out
}
