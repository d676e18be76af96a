// The seeds' faker is faker's SimpleFaker (numbers, dates, strings, helpers) with the few
// language-backed values they use (locale-values.ts), read from the English lists in
// seed-locale.ts: faker's full class builds every one of its modules and cannot be cut down in a
// browser bundle. simple-faker.ts says where the class comes from without loading any locale.
import type { LocaleDefinition, SimpleFaker as SimpleFakerInstance } from '@faker-js/faker'
import { createLocaleValues, type LocaleValues } from './locale-values.ts'
import { seedLocale } from './seed-locale.ts'
import { createSeededRandomizer } from './seeded-randomizer.ts'
import { SimpleFaker } from './simple-faker.ts'

/** What the seeds draw from; faker's full `Faker` has the same shape (tests compare the two). */
export type SeededFaker = SimpleFakerInstance &
  LocaleValues & { readonly rawDefinitions: LocaleDefinition }

/**
 * The instant "now" means for seeded data: relative dates ("in the past", "scheduled") are
 * taken from it, so the same seed gives the same bytes on any day.
 */
export const referenceTime = Date.UTC(2026, 0, 1)

export const minuteMs = 60_000
export const hourMs = 60 * minuteMs
export const dayMs = 24 * hourMs

/**
 * One number per kind of entity or fact: entity 3 of one kind and entity 3 of another must not
 * share their random stream. Append only: changing a number changes every seeded value.
 */
export const seedKinds = {
  abTest: 1,
  service: 2,
  containerPage: 3,
  comment: 4,
  commentThread: 5,
  pageTitle: 6,
  containerFacts: 7,
  fieldConstraints: 8,
  pageStatus: 9,
} as const
export type SeedKind = (typeof seedKinds)[keyof typeof seedKinds]

/** What every generator gets: the factory's own faker and the seed it derives from. */
export interface SeedContext {
  readonly seed: number
  readonly faker: SeededFaker
}

/**
 * A faker of its own, with a fast seedable randomizer and the pinned reference date, reading
 * only the seeds' definitions (another locale is for tests that compare against it).
 *
 * @example
 * const context = { seed: 1, faker: createSeededFaker() }
 */
export function createSeededFaker(locale: LocaleDefinition = seedLocale): SeededFaker {
  // An explicit seed keeps faker from drawing a random one from Math.random.
  const faker = new SimpleFaker({ randomizer: createSeededRandomizer(), seed: 0 })
  faker.setDefaultRefDate(referenceTime)
  return Object.assign(faker, { rawDefinitions: locale }, createLocaleValues(faker, locale))
}

/** Points the context's faker at the stream of (seed, kind, ...ids) and returns it. */
export function reseed(context: SeedContext, kind: SeedKind, ...ids: number[]): SeededFaker {
  context.faker.seed([context.seed, kind, ...ids])
  return context.faker
}

/**
 * The first draw of the stream of (seed, kind, index) as a GUID: an entity's id, made without
 * making the entity, so the store can key every seeded entity at start.
 */
export function firstGuid(context: SeedContext, kind: SeedKind, index: number): string {
  return randomGuid(reseed(context, kind, index))
}

/** A value set with a weight for each value, in the set's order, for `weightedArrayElement`. */
export function weighted<const V extends string>(
  values: readonly V[],
  weights: Readonly<Record<V, number>>,
): { value: V; weight: number }[] {
  return values.map((value) => ({ value, weight: weights[value] }))
}

/**
 * Two independent 32-bit hashes of a text id, to seed from string ids (page ids, item ids,
 * field names); two words keep collisions out of reach for any realistic number of ids.
 */
export function hashText(text: string): [number, number] {
  let h1 = 0x811c9dc5
  let h2 = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ code, 0x01000193)
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) ^ (h2 >>> 13)
  }
  return [h1 >>> 0, h2 >>> 0]
}

/**
 * The canonical text of a GUID-ish id: the server parses GUIDs case-insensitively and in any
 * of .NET's layouts (braces, no dashes), so facts about one GUID must not depend on how it
 * was written. Anything that is not a GUID is only trimmed and lowercased.
 */
export function canonicalId(id: string): string {
  const text = id.trim().toLowerCase()
  const hex = text.replace(/[{}()-]/g, '')
  if (!/^[0-9a-f]{32}$/.test(hex)) return text
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * A random version-4 GUID in lowercase 8-4-4-4-12 text, from the faker's stream. Faker's own
 * `string.uuid()` draws 31 hex digits one by one; four 32-bit draws do the same job faster,
 * which matters at 100k comments (docs/performance.md, "Seeding").
 */
export function randomGuid(faker: SeededFaker): string {
  const a = hex8(faker.number.int(0xffffffff))
  const b = hex8(((faker.number.int(0xffffffff) & 0xffff0fff) | 0x4000) >>> 0)
  const c = hex8(((faker.number.int(0xffffffff) & 0x3fffffff) | 0x80000000) >>> 0)
  const d = hex8(faker.number.int(0xffffffff))
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`
}

// Number#toString(16) is slow in V8 (a generic double-to-radix path); a byte table is not.
const hexBytes = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

function hex8(word: number): string {
  return (
    (hexBytes[word >>> 24] ?? '') +
    (hexBytes[(word >>> 16) & 0xff] ?? '') +
    (hexBytes[(word >>> 8) & 0xff] ?? '') +
    (hexBytes[word & 0xff] ?? '')
  )
}
