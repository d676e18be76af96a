/** Past this many distinct values the memo starts again: a bound, not an LRU. */
const memoLimit = 256

/** Longer values are judged every time, never kept: a 16 KB header must not fill the memo. */
const longestKept = 300

/**
 * `judge` with its answers remembered by value. Clients send the same one or two `Host` or
 * `Origin` values again and again, and judging one parses a URL.
 * @example const allowed = rememberAnswers((host) => host.endsWith('.test'))
 */
export function rememberAnswers(judge: (value: string) => boolean): (value: string) => boolean {
  const memo = new Map<string, boolean>()
  let lastAllowed: string | undefined
  return (value) => {
    if (value === lastAllowed) return true
    let answer = memo.get(value)
    if (answer === undefined) {
      answer = judge(value)
      if (value.length <= longestKept) {
        if (memo.size >= memoLimit) memo.clear()
        memo.set(value, answer)
      }
    }
    if (answer) lastAllowed = value
    return answer
  }
}
