export {
  createMock,
  defaultMaxSnapshots,
  type Mock,
  type MockOptions,
  type StateChoice,
} from './create-mock.ts'
export { mockVersion } from './mock-version.ts'
export type { MockPage, MockPageMaker } from './mock-page.ts'
// The control routes load on the first /__mock request (create-mock.ts).
export type { NamedSnapshot } from './routes/control-routes.ts'
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
export type { HostParts } from './mock.ts'
export type { BuiltInScenario, Scenario, ScenarioControl } from './scenarios.ts'
export { defaultMaxSessions, type Session, type SessionInfo, type Sessions } from './sessions.ts'
export { applyMockParameters, type MockParameters } from './apply-mock-parameters.ts'
// The replay's code is src/mock/replay/index.ts: loaded only with a recording.
export type { Har, HarEntry, HarHeader } from './replay/index.ts'
export { StateFullError } from '../store/index.ts'
