/**
 * The Levenshtein distance of two strings, or `max + 1` as soon as it must pass `max`: the
 * near-miss search asks only whether a path is a few edits away, so a long path costs no more
 * than that band of the table.
 * @example editDistance('comments-api/comment', 'comments-api/comments', 3) // 1
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
      current.push(value)
      if (value < best) best = value
    }
    if (best > max) return max + 1
    previous = current
  }
  return Math.min(previous[b.length] as number, max + 1)
}

/**
 * The candidate closest to `given` within `max` edits (case-insensitive), or undefined: the
 * CLI's "did you mean" and the near-miss search share it.
 */
export function closest(
  given: string,
  candidates: Iterable<string>,
  max: number,
): string | undefined {
  const lower = given.toLowerCase()
  let found: string | undefined
  let distance = max + 1
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate.toLowerCase(), max)
    if (d < distance) {
      found = candidate
      distance = d
    }
  }
  return found
}
