import { SimpleFaker } from './simple-faker.ts'

/**
 * `length` lower-case hex digits that depend only on `text`: faker's seeded generator (Mersenne
 * Twister) seeded with the text's UTF-16 units, so the same text gives the same digits on every
 * start, in Node and in a page alike. Made-up values that must be stable, not secret (a replayed
 * cookie's, src/mock/replay/replayed-cookie.ts).
 * @example stableHex('cms.har\n3\nsid', 32) // the same 32 digits every time
 */
export function stableHex(text: string, length: number): string {
  const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))
  const faker = new SimpleFaker()
  faker.seed(units)
  return faker.string.hexadecimal({
    length,
    casing: 'lower',
    prefix: '',
  })
}
