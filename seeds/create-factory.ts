import type { EntityFactory } from '../src/store/index.ts'
import { makeAbTest } from './ab-tests.ts'
import { createCommentMaker } from './comments.ts'
import { makeContainerFacts } from './container-facts.ts'
import { makeContainerPage, makePage, makePageTitle } from './containers.ts'
import { makeFieldConstraints } from './field-constraints.ts'
import { createSeededFaker, firstGuid, seedKinds, type SeedContext } from './seeded-faker.ts'
import { makeService, makeServiceRoute } from './services.ts'

/**
 * The faker-backed entity factory (an `EntityFactoryMaker`): every entity and fact comes from
 * (seed, kind, id) alone, so the same seed gives the same data in any order of calls.
 *
 * @example
 * const store = createMemoryStore({ seed: 1, factory: createFactory })
 */
export function createFactory(seed: number): EntityFactory {
  // One faker per factory: two stores with different seeds never share a random stream.
  const context: SeedContext = { seed, faker: createSeededFaker() }
  const makeComment = createCommentMaker(context)
  // A key is its entity's first draws, so the store keys every entity without making it.
  const keyMakers = {
    abTests: (index: number) => firstGuid(context, seedKinds.abTest, index),
    services: (index: number) => makeServiceRoute(context, index),
    containers: (index: number) => firstGuid(context, seedKinds.containerPage, index),
    comments: (index: number) => firstGuid(context, seedKinds.comment, index),
    // Page `index` has container page `index`'s PageId (`makePage`).
    pages: (index: number) => firstGuid(context, seedKinds.containerPage, index),
  }
  return {
    seed,
    keyOf: (kind, index) => keyMakers[kind](index).toLowerCase(),
    abTest: (index) => makeAbTest(context, index),
    service: (index) => makeService(context, index),
    containerPage: (index) => makeContainerPage(context, index),
    comment: (index) => makeComment(index),
    page: (index) => makePage(context, index),
    pageTitle: (pageId) => makePageTitle(context, pageId),
    containerFacts: (input) => makeContainerFacts(context, input),
    fieldConstraints: (itemId, fieldName) => makeFieldConstraints(context, itemId, fieldName),
  }
}
