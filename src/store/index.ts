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
} from './memory-store.ts'
