import type { EntityFactory } from '../src/store/index.ts'
import { makeAbTest, makeAbTestId } from './ab-tests.ts'
import { createCommentMaker, makeCommentKey } from './comments.ts'
import { makeContainerFacts } from './container-facts.ts'
import { makeContainerPage, makeContainerPageId, makePageTitle } from './containers.ts'
import { makeFieldConstraints } from './field-constraints.ts'
import { createSeededFaker, type SeedContext } from './seeded-faker.ts'
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
  const keyMakers = {
    abTests: makeAbTestId,
    services: makeServiceRoute,
    containers: makeContainerPageId,
    comments: makeCommentKey,
  }
  return {
    seed,
    keyOf: (kind, index) => keyMakers[kind](context, index).toLowerCase(),
    abTest: (index) => makeAbTest(context, index),
    service: (index) => makeService(context, index),
    containerPage: (index) => makeContainerPage(context, index),
    comment: (index) => makeComment(index),
    pageTitle: (pageId) => makePageTitle(context, pageId),
    containerFacts: (itemId, itemType) => makeContainerFacts(context, itemId, itemType),
    fieldConstraints: (itemId, fieldName) => makeFieldConstraints(context, itemId, fieldName),
  }
}
