// The seeds' faker is a SimpleFaker (numbers, dates, strings, helpers) plus the few
// language-backed values below, because faker's full `Faker` class builds all 26 of its modules
// in its constructor, so no bundler can drop the ones the seeds never call (docs/performance.md,
// "Browser bundle"). Each function mirrors faker 10's own algorithm for the call the seeds make,
// draw for draw, so a seed gives the same data as `new Faker({ locale: en })` did:
// test/seed-locale.test.ts compares them.
import type { LocaleDefinition, SimpleFaker } from '@faker-js/faker'

/** The language-backed part of faker's API the seeds call, with the shapes they call it with. */
export interface LocaleValues {
  readonly person: { firstName(): string; lastName(): string }
  readonly internet: { username(): string; domainName(): string }
  readonly commerce: { productName(): string; department(): string }
  readonly word: { noun(): string; words(options: { count: { min: number; max: number } }): string }
}

type ByPartOf<T> = Readonly<{ generic?: T | null; female?: T | null; male?: T | null }>

/** What every draw reads: the seeded faker (its helpers draw) and the locale's lists. */
interface LocaleDraw {
  readonly faker: SimpleFaker
  readonly locale: LocaleDefinition
}

/**
 * faker's `person.firstName`, `lastName`, `internet.username`, `domainName`,
 * `commerce.productName`, `department`, `word.noun` and `words`, drawn from `locale`.
 *
 * @example
 * const values = createLocaleValues(simpleFaker, seedLocale)
 * values.person.firstName() // 'Ada'
 */
export function createLocaleValues(faker: SimpleFaker, locale: LocaleDefinition): LocaleValues {
  const draw: LocaleDraw = { faker, locale }
  return {
    person: { firstName: () => firstName(draw), lastName: () => lastName(draw) },
    internet: { username: () => username(draw), domainName: () => domainName(draw) },
    commerce: {
      productName: () => productName(draw),
      department: () => pick(draw, locale.commerce?.department, 'department'),
    },
    word: {
      noun: () => pick(draw, locale.word?.noun, 'word.noun'),
      words: ({ count }) => faker.helpers.multiple(() => sample(draw), { count }).join(' '),
    },
  }
}

function list(value: readonly string[] | null | undefined, name: string): readonly string[] {
  // faker throws on missing locale data too; a seed must never silently read an empty list.
  if (!value) throw new Error(`The seeds' locale has no ${name}`)
  return value
}

function pick(draw: LocaleDraw, value: readonly string[] | null | undefined, name: string): string {
  return draw.faker.helpers.arrayElement(list(value, name))
}

// faker's person module: `sexType()` picks female or male, then a female or male list wins
// over the generic one three times in √(its length) against √(the generic length).
function bySex<T extends readonly unknown[]>(
  draw: LocaleDraw,
  lists: ByPartOf<T> | null | undefined,
  name: string,
): T {
  const { helpers } = draw.faker
  if (!lists) throw new Error(`The seeds' locale has no ${name}`)
  const sex = helpers.arrayElement(['female', 'male'] as const)
  const { generic } = lists
  const own = lists[sex]
  if (own == null) {
    if (generic == null) throw new Error(`The seeds' locale has no ${name}`)
    return generic
  }
  if (generic == null) return own
  return helpers.weightedArrayElement([
    { weight: 3 * Math.sqrt(own.length), value: own },
    { weight: Math.sqrt(generic.length), value: generic },
  ])
}

function firstName(draw: LocaleDraw): string {
  const { person } = draw.locale
  return draw.faker.helpers.arrayElement(bySex(draw, person?.first_name, 'first_name'))
}

// faker's `lastName` picks a weighted pattern, then fills it in its template engine; the
// English patterns only read the generic last-name list, as one or two hyphenated names.
function lastName(draw: LocaleDraw): string {
  const { person } = draw.locale
  const pattern = draw.faker.helpers.weightedArrayElement(
    bySex(draw, person?.last_name_pattern, 'last_name_pattern'),
  )
  const names = person?.last_name?.generic
  const name = pattern.replace(/{{person\.last_name\.generic}}/g, () =>
    pick(draw, names, 'last_name'),
  )
  if (name.includes('{{')) throw new Error(`The seeds cannot fill the last-name pattern ${pattern}`)
  return name
}

// faker's `username()`: both names, a separator, a number, one of three shapes, then ASCII only.
function username(draw: LocaleDraw): string {
  const { helpers } = draw.faker
  const first = firstName(draw)
  const last = lastName(draw)
  const separator = helpers.arrayElement(['.', '_'])
  const number = draw.faker.number.int(99)
  const shape = helpers.arrayElement([
    `${first}${separator}${last}${number}`,
    `${first}${separator}${last}`,
    `${first}${number}`,
  ])
  const plain = shape.normalize('NFKD').replaceAll(/[\u0300-\u036F]/g, '')
  // faker transliterates Cyrillic, Greek and other letters through its own table; the
  // English names have none (the test checks), so any such letter is an error, not a guess.
  if ([...plain].some((char) => char.charCodeAt(0) > 0x7f))
    throw new Error(`Cannot make a username of ${plain}`)
  return plain.replaceAll("'", '').replaceAll(' ', '')
}

// faker's `domainWord()`: a slug of an adjective and a noun. Every English word slugs to a
// valid domain word (the test checks), so faker's fallback to a lorem word never runs.
function domainName(draw: LocaleDraw): string {
  const { helpers } = draw.faker
  const { word, internet } = draw.locale
  const adjective = pick(draw, word?.adjective, 'word.adjective')
  const domainWord = `${helpers.slugify(adjective)}-${helpers.slugify(pick(draw, word?.noun, 'word.noun'))}`
  return `${domainWord.toLowerCase()}.${pick(draw, internet?.domain_suffix, 'domain_suffix')}`
}

/** The seven word kinds faker's `word.sample()` shuffles. */
const wordKinds = [
  'adjective',
  'adverb',
  'conjunction',
  'interjection',
  'noun',
  'preposition',
  'verb',
] as const

// faker's `word.sample()`: the seven word kinds shuffled, the first one's list drawn from.
function sample(draw: LocaleDraw): string {
  const kind = draw.faker.helpers.shuffle(wordKinds)[0] ?? 'noun'
  return pick(draw, draw.locale.word?.[kind], `word.${kind}`)
}

// faker's product-name pattern: adjective, material, product, each drawn in that order.
function productName(draw: LocaleDraw): string {
  const parts = draw.locale.commerce?.product_name
  const adjectiveOf = pick(draw, parts?.adjective, 'product_name.adjective')
  const material = pick(draw, parts?.material, 'product_name.material')
  return `${adjectiveOf} ${material} ${pick(draw, parts?.product, 'product_name.product')}`
}
