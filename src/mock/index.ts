export {
  createMock,
  defaultMaxSnapshots,
  mockVersion,
  type Mock,
  type MockOptions,
} from './create-mock.ts'
export { createControl, type NamedSnapshot } from './control-routes.ts'
export { maxSnapshotNameLength } from './snapshot-names.ts'
export { createStore, type StoreOptions } from './create-store.ts'
export { stateJson } from '../control/index.ts'
export {
  applyFixtures,
  completeFixtures,
  type CompletedFixtures,
  type Fixtures,
} from './fixtures.ts'
export { createScenarios, type Scenario, type ScenarioControl } from './scenarios.ts'
