import fc from 'fast-check'

// Small generators shared by the request and body arbitraries of the app fuzzing.

/** One of the values of all the groups (groups keep long lists readable). */
export function oneOf<T>(...groups: (readonly T[])[]): fc.Arbitrary<T> {
  return fc.constantFrom(...groups.flat())
}

/** Mostly one of `common`, sometimes one of `rare`. */
export function mostly<T>(common: readonly T[], rare: readonly T[]): fc.Arbitrary<T> {
  if (rare.length === 0) return fc.constantFrom(...common)
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...common) }, fc.constantFrom(...rare))
}

/** Edits that break a valid body in the ways a careless or hostile client would. */
export const mutation = fc.record({
  kind: fc.constantFrom('truncate', 'insert', 'delete', 'duplicate', 'replace'),
  at: fc.nat({ max: 100_000 }),
  length: fc.integer({ min: 1, max: 12 }),
  text: fc.oneof(
    oneOf(
      ['{', '}', '[', ']', '"', ',', ':', '<', '>', '</', '/>', '&', '&#0;', '\\', '\\u'],
      ['\r\n', '\u0000', '\uFEFF', '%zz', 'null', '[{', '}]', '""', '<!DOCTYPE a>', '__proto__'],
    ),
    fc.string({ maxLength: 3 }),
  ),
})
export type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never

/** Applies the edits in order; positions wrap around the text. */
export function mutate(text: string, mutations: readonly Mutation[]): string {
  let out = text
  for (const { kind, at, length, text: piece } of mutations) {
    const i = out.length === 0 ? 0 : at % (out.length + 1)
    if (kind === 'truncate') out = out.slice(0, i)
    else if (kind === 'insert') out = out.slice(0, i) + piece + out.slice(i)
    else if (kind === 'delete') out = out.slice(0, i) + out.slice(i + length)
    else if (kind === 'duplicate') out = out.slice(0, i + length) + out.slice(i)
    else out = out.slice(0, i) + piece + out.slice(i + piece.length)
  }
  return out
}
