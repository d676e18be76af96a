// `restapi-mock/handlers`: the msw handlers and what they are built from. Safe in a browser:
// nothing here imports a Node built-in.
export { createHandlers } from './create-handlers.ts'
export {
  createMock,
  createOperations,
  createStore,
  mockVersion,
  type Mock,
  type MockOptions,
  type StoreOptions,
} from '../src/mock/index.ts'
export { stateJson } from '../src/control/index.ts'
export { updateABTestOperation } from './ab-testing.ts'
export { updateCommentOperation } from './comments.ts'
export { containersInfoOperation } from './containers-info.ts'
export { createServiceOperation } from './services.ts'
