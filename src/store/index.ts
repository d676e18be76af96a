export { deterministicGuid } from './deterministic-id.ts'
export type {
  ContainerFacts,
  EntityFactory,
  EntityFactoryMaker,
  FieldConstraints,
} from './entity-factory.ts'
export {
  collectionKeys,
  createMemoryStore,
  defaultCounts,
  type Counts,
  type MemoryStoreOptions,
  type Store,
  type StoreSnapshot,
  type StoreState,
  type StoreWatcher,
} from './memory-store.ts'
export { defaultMaxStateBytes, jsonSizeOf, StateFullError } from './state-size.ts'
