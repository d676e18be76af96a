import type { Faker } from '@faker-js/faker'
import { faker as english } from '@faker-js/faker/locale/en'
import { describe, expect, it } from 'vitest'
import { deterministicGuid } from '../../src/store/index.ts'
import { defaultCaller } from '../../src/model/index.ts'
import {
  createCommentMaker,
  createSeededFaker,
  makeAbTest,
  makeContainerFacts,
  makeContainerPage,
  makeFieldConstraints,
  makePageTitle,
  makeService,
  type SeedContext,
  type SeededFaker,
} from '../../seeds/index.ts'
import { referenceTime } from '../../seeds/seeded-faker.ts'
import { seedLocale } from '../../seeds/seed-locale.ts'
import { createSeededRandomizer } from '../../seeds/seeded-randomizer.ts'

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i)
const itemTypes = ['Cms.News.Model.NewsItem', 'Cms.Events.Model.Event', 'Product', null]
const fieldNames = ['Title', 'Summary', 'ContactEmail', 'PublicationDate', 'Price', 'Width']

// Every kind of seeded value, enough of each that every branch of every generator runs.
function everything(context: SeedContext): unknown[] {
  const comment = createCommentMaker(context)
  const ids = range(80).map((i) => deterministicGuid(context.seed, 'seed-locale-item', i))
  return [
    range(80).map((i) => makeAbTest(context, i)),
    range(80).map((i) => makeService(context, i)),
    range(40).map((i) => makeContainerPage(context, i)),
    range(160).map((i) => comment(i)),
    ids.map((id) => makePageTitle(context, id)),
    ids.map((id, i) =>
      makeContainerFacts(context, {
        itemId: id,
        itemType: itemTypes[i % itemTypes.length] ?? null,
        page: null,
        pageTitle: 'Home',
        caller: defaultCaller,
        refererPage: null,
      }),
    ),
    ids.flatMap((id) => fieldNames.map((name) => makeFieldConstraints(context, id, name))),
  ]
}

// faker's full class with its whole English locale, on the seeds' randomizer: what the seeds'
// faker (a SimpleFaker with seeds/locale-values.ts) must match draw for draw.
function wholeFaker(): Faker {
  const FakerClass = english.constructor as typeof Faker
  const faker = new FakerClass({
    locale: english.rawDefinitions,
    randomizer: createSeededRandomizer(),
    seed: 0,
  })
  faker.setDefaultRefDate(referenceTime)
  return faker
}

// Each language-backed call as the seeds make it, mixed with the draws that surround them.
const calls: ReadonlyArray<(faker: SeededFaker) => unknown> = [
  (faker) => faker.person.firstName(),
  (faker) => faker.person.lastName(),
  (faker) => `${faker.person.firstName()} ${faker.person.lastName()}`,
  (faker) => faker.internet.username(),
  (faker) => faker.internet.domainName(),
  (faker) => faker.commerce.productName(),
  (faker) => faker.commerce.department(),
  (faker) => faker.word.noun(),
  (faker) => faker.word.words({ count: { min: 2, max: 4 } }),
  (faker) => faker.helpers.slugify(faker.word.words({ count: { min: 2, max: 4 } })),
  (faker) => faker.number.int(99),
]

describe('the seeds’ faker (SimpleFaker, the seed locale and locale-values.ts)', () => {
  it.each([1, 42, 90210])(
    'gives seed %i the same data as faker’s full class and English',
    (seed) => {
      const own = everything({ seed, faker: createSeededFaker() })
      const whole = everything({ seed, faker: wholeFaker() })
      expect(own).toEqual(whole)
    },
  )

  it('makes each language-backed call exactly as faker does, for 2,000 seeds', () => {
    const own = createSeededFaker()
    const whole = wholeFaker()
    const mine: unknown[] = []
    const theirs: unknown[] = []
    for (let seed = 0; seed < 2000; seed++) {
      for (const [faker, out] of [
        [own, mine],
        [whole, theirs],
      ] as const) {
        faker.seed([seed, 99])
        // Every call, then 20 more in an order the seed picks, so each follows every other.
        for (const call of calls) out.push(call(faker))
        for (let i = 0; i < 20; i++) out.push(calls[faker.number.int(calls.length - 1)]?.(faker))
      }
    }
    expect(mine).toHaveLength(2000 * (calls.length + 20))
    expect(mine).toEqual(theirs)
  })

  it('reads names that need none of faker’s transliteration and words that are domain words', () => {
    const names = [
      ...Object.values(seedLocale.person?.first_name ?? {}),
      ...Object.values(seedLocale.person?.last_name ?? {}),
    ].flatMap((list) => list ?? [])
    const foreign = names.filter((name) =>
      [...name.normalize('NFKD').replaceAll(/[\u0300-\u036F]/g, '')].some(
        (char) => char.charCodeAt(0) > 0x7f,
      ),
    )
    const words = [...(seedLocale.word?.adjective ?? []), ...(seedLocale.word?.noun ?? [])]
    const notDomainWords = words.filter(
      (word) => !/^[a-z][a-z-]*[a-z]$/i.test(english.helpers.slugify(word)),
    )
    expect(names.length).toBeGreaterThan(3000)
    expect(words.length).toBe(2000)
    expect({ foreign, notDomainWords }).toEqual({ foreign: [], notDomainWords: [] })
  })
})
