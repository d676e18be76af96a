// `restapi-mock/handlers`: the msw handlers and what they are built from. Safe in a browser:
// nothing here imports a Node built-in.
export { createHandlers, type HandlerOptions } from './create-handlers.ts'
export { createMock } from './create-mock.ts'
export {
  createStore,
  mockVersion,
  StateFullError,
  type Mock,
  type MockOptions,
  type StoreOptions,
} from '../src/mock/index.ts'
export {
  applyMockParameters,
  stateJson,
  type Fixtures,
  type Har,
  type HarEntry,
  type MockParameters,
  type Scenario,
  type BuiltInScenario,
  type StateChoice,
} from '../src/mock/index.ts'
// The operation list and the spec's operations by name, as operations.ts exports them.
export * from './operations.ts'
