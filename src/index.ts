// `restapi-mock`, the Node entry point: the server, the Hono app, the mock and its store. It
// loads no msw, so the command and a Node script run without it; the msw handlers are in
// `restapi-mock/handlers`.
export {
  createApp,
  createServer,
  type AppEnv,
  type AppOptions,
  type RunningServer,
  type ServerOptions,
} from './node/index.ts'
// createMock with the spec's four operations by default, and that list to add to.
export { createMock } from '../handlers/create-mock.ts'
export { operations } from '../handlers/operations.ts'
export {
  applyMockParameters,
  createStore,
  defaultMaxSessions,
  StateFullError,
  type Mock,
  type MockOptions,
  type MockParameters,
  type MockScenarios,
  type CompletedFixtures,
  type Fixtures,
  type Har,
  type HarEntry,
  type Scenario,
  type BuiltInScenario,
  type Session,
  type SessionInfo,
  type Sessions,
  type StateChoice,
  type StoreOptions,
} from './mock/index.ts'
export type { Counts, Store, StoreSnapshot, StoreState } from './store/index.ts'
export type { Format, Limits, MockConfigOptions, Operation } from './wire/index.ts'
export type {
  ABTestStatus,
  ABTestViewModel,
  CommentResponse,
  CommentStatus,
  CommentUpdateRequest,
  ContainerInfoMessage,
  ContainerInfoModel,
  ContentsProxy,
  CreateService,
  Decimal,
  ErrorResponse,
  FieldModel,
  GoalType,
  GoalViewModel,
  LifecycleStatusModel,
  PropertiesProxy,
  ResponseError,
  ResponseStatus,
  ServiceBaseRequest,
  VariationViewModel,
} from './model/index.ts'
