export { deterministicGuid } from './deterministic-id.ts'
export type {
  ContainerFacts,
  ContainerFactsInput,
  EntityFactory,
  EntityFactoryMaker,
  FieldConstraints,
} from './entity-factory.ts'
export { createMemoryStore, jsonSizeOf } from './memory-store.ts'
export {
  collectionKeys,
  defaultCounts,
  noEntities,
  type Counts,
  type MemoryStoreOptions,
  type Store,
  type StoreSnapshot,
  type StoreState,
  type StoreWatcher,
} from './store-types.ts'
export { defaultMaxStateBytes, StateFullError } from './state-size.ts'
