/**
 * A request header's value as `Headers.get` gives it (repeats joined with `, `, null when
 * absent), read from Node's raw list of names and values. The request's `Headers` on the Node
 * server checks the name and value against patterns on every `get`, which the raw list spares
 * (docs/performance.md, "Raw headers"); that wrapper reads the same list, so the values are the
 * same. `name` is lower-case.
 */
export function readRawHeader(rawHeaders: readonly string[], name: string): string | null {
  let value: string | null = null
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const raw = rawHeaders[i] as string
    if (raw.length === name.length && (raw === name || raw.toLowerCase() === name)) {
      const next = rawHeaders[i + 1] as string
      value = value === null ? next : `${value}, ${next}`
    }
  }
  return value
}
