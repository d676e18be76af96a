export { createFactory } from './create-factory.ts'
export { makeAbTest } from './ab-tests.ts'
export { makeService, serviceAccessLevels } from './services.ts'
export {
  contentTypeCatalog,
  propertyTypes,
  type PropertyType,
  type TypeTemplate,
} from './content-type-catalog.ts'
export { makeContainerPage, makePage, makePageTitle } from './containers.ts'
export { lifecycleStatuses, makeContainerFacts, type LifecycleStatus } from './container-facts.ts'
export {
  fieldKindOf,
  fieldKinds,
  makeFieldConstraints,
  violationMessages,
  type FieldKind,
} from './field-constraints.ts'
export { commentsPerThread, createCommentMaker } from './comments.ts'
export {
  canonicalId,
  createSeededFaker,
  hashText,
  randomGuid,
  referenceTime,
  reseed,
  seedKinds,
  type SeedContext,
  type SeedKind,
  type SeededFaker,
} from './seeded-faker.ts'
export { createSeededRandomizer, type Randomizer } from './seeded-randomizer.ts'
