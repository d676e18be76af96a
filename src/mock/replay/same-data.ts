/** What a recording keeps of a secret (`--record`): it matches any value sent in its place. */
export const redacted = '<redacted>'

/** Names and values in order: a query string, a form, the parts of a multipart body. */
export type Pairs = readonly (readonly [string, string])[]

/**
 * Whether sent data (parsed JSON, JSV or XML) matches recorded data: objects by their members in
 * any order, arrays item by item, a redacted recorded value matching anything. Walked with a
 * stack of its own, so a deep body cannot overflow the call stack.
 */
export function sameData(recorded: unknown, sent: unknown): boolean {
  const pending: [unknown, unknown][] = [[recorded, sent]]
  for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
    const [r, s] = pair
    if (r === redacted) continue
    if (Array.isArray(r)) {
      if (!Array.isArray(s) || s.length !== r.length) return false
      r.forEach((item, i) => pending.push([item, s[i]]))
      continue
    }
    if (r === null || typeof r !== 'object') {
      if (r !== s) return false
      continue
    }
    if (s === null || typeof s !== 'object' || Array.isArray(s)) return false
    const keys = Object.keys(r)
    if (keys.length !== Object.keys(s).length) return false
    for (const key of keys) {
      if (!Object.hasOwn(s, key)) return false
      pending.push([(r as Record<string, unknown>)[key], (s as Record<string, unknown>)[key]])
    }
  }
  return true
}

/**
 * Whether sent pairs match recorded ones as ServiceStack binds them, by name in any order: the
 * same names as often, each recorded value sent under its name, a redacted one matching any.
 * `sameValue` compares a recorded value that holds a redacted value inside (a JSON part of a
 * multipart body) with the values sent under its name that no other recorded value took.
 */
export function samePairs(
  recorded: Pairs,
  sent: Pairs,
  sameValue?: (recorded: string, sent: string) => boolean,
): boolean {
  if (recorded.length !== sent.length) return false
  const byName = new Map<string, Map<string, number>>()
  for (const [name, value] of sent) {
    const values = byName.get(name) ?? new Map<string, number>()
    values.set(value, (values.get(value) ?? 0) + 1)
    byName.set(name, values)
  }
  const open: (readonly [string, string])[] = []
  const wildcards = new Map<string, number>()
  for (const pair of recorded) {
    const [name, value] = pair
    const values = byName.get(name)
    if (values === undefined) return false
    if (value === redacted) wildcards.set(name, (wildcards.get(name) ?? 0) + 1)
    else if (!take(values, value)) {
      if (sameValue === undefined || !holdsRedacted(value)) return false
      open.push(pair)
    }
  }
  for (const [name, value] of open) {
    const values = byName.get(name) as Map<string, number>
    const found = [...values.keys()].find((candidate) => sameValue?.(value, candidate))
    if (found === undefined) return false
    take(values, found)
  }
  // What is left under each name is what its redacted values stand for, one each.
  for (const [name, values] of byName) {
    let left = 0
    for (const count of values.values()) left += count
    if (left !== (wildcards.get(name) ?? 0)) return false
  }
  return true
}

/** One `value` taken from a count of values; false when none is left. */
function take(values: Map<string, number>, value: string): boolean {
  const count = values.get(value) ?? 0
  if (count === 0) return false
  if (count === 1) values.delete(value)
  else values.set(value, count - 1)
  return true
}

/** Whether a text holds a redacted value (`&lt;redacted&gt;` as XML writes it). */
export function holdsRedacted(text: string): boolean {
  return text.includes(redacted) || text.includes('&lt;redacted&gt;')
}

/** Pairs sorted by name, then value: one text for pairs that match each other whatever the order. */
export function pairsText(pairs: Pairs): string {
  const sorted = [...pairs].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1,
  )
  return JSON.stringify(sorted)
}
