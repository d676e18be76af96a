export {
  createMock,
  defaultMaxSnapshots,
  type Mock,
  type MockOptions,
  type StateChoice,
} from './create-mock.ts'
export { mockVersion } from './mock-version.ts'
export { createControl, type NamedSnapshot } from './routes/control-routes.ts'
export { maxSnapshotNameLength } from './routes/snapshot-names.ts'
export { createStore, type StoreOptions } from './create-store.ts'
export { stateJson } from '../control/index.ts'
export {
  applyFixtures,
  completeFixtures,
  type CompletedFixtures,
  type Fixtures,
} from './fixtures.ts'
export type { MockScenarios } from './mock-scenarios.ts'
export type { BuiltInScenario, Scenario, ScenarioControl } from './scenarios.ts'
export { defaultMaxSessions, type Session, type SessionInfo, type Sessions } from './sessions.ts'
export { applyMockParameters, type MockParameters } from './apply-mock-parameters.ts'
export {
  checkHar,
  harBody,
  parseHar,
  type Har,
  type HarEntry,
  type HarHeader,
} from './replay/har.ts'
export { createReplay, type Replay } from './replay/replay.ts'
export { StateFullError } from '../store/index.ts'
