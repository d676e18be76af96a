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
export { operations } from './operations.ts'
export { updateABTest } from './ab-testing.ts'
export { updateComment } from './comments.ts'
export { containersInfo } from './containers-info.ts'
export { createService } from './services.ts'
