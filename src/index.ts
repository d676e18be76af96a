// The public API: build a store, hand it to the handlers (browser, Storybook, tests) or the
// app and server (Node).
export { createApp, type AppOptions } from './app.ts'
export { createServer, type RunningServer, type ServerOptions } from './server.ts'
export { createStore, type StoreOptions } from './create-store.ts'
export {
  createHandlers,
  createMock,
  createOperations,
  type Mock,
  type MockOptions,
} from '../handlers/index.ts'
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
