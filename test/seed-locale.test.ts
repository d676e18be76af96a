import { faker as english } from '@faker-js/faker/locale/en'
import { describe, expect, it } from 'vitest'
import { deterministicGuid } from '../src/store/index.ts'
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
} from '../seeds/index.ts'

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
    ids.map((id, i) => makeContainerFacts(context, id, itemTypes[i % itemTypes.length] ?? null)),
    ids.flatMap((id) => fieldNames.map((name) => makeFieldConstraints(context, id, name))),
  ]
}

describe('the seed locale (only the definitions the seeds read)', () => {
  it.each([1, 42, 90210])('gives seed %i the same data as faker’s whole English locale', (seed) => {
    const own = everything({ seed, faker: createSeededFaker() })
    const whole = everything({ seed, faker: createSeededFaker(english.rawDefinitions) })
    expect(own).toEqual(whole)
  })
})
