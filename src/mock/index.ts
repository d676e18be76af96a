export {
  createMock,
  defaultMaxSnapshots,
  mockVersion,
  type Mock,
  type MockOptions,
} from './create-mock.ts'
export { createControl, maxSnapshotNameLength, type NamedSnapshot } from './control-routes.ts'
export { createStore, type StoreOptions } from './create-store.ts'
