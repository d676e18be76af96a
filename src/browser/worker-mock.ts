// What a page's worker answers with: the store and its seeds (faker's SimpleFaker and the word
// lists), the mock and its dispatch. start-worker.ts loads this module while the worker
// registers, so a page carries only msw and the mock's routes before it runs.
import { handlerResolvers } from '../../handlers/create-handlers.ts'
import type { HandlerResolvers } from '../../handlers/handler-routes.ts'
import { createMock } from '../../handlers/create-mock.ts'
import {
  createStore,
  type Har,
  type Mock,
  type MockOptions,
  type StoreOptions,
} from '../mock/index.ts'
import type { Store } from '../store/index.ts'
import type { OnMiss } from '../wire/index.ts'

/** What of `startWorker`'s options the mock is made from. */
export interface WorkerMockOptions extends Omit<MockOptions, 'store'>, StoreOptions {
  /** The state to serve; otherwise a store is made from `seed` and `counts`. */
  store?: Store
  /** Recordings to serve for what the mock does not answer (see `createHandlers`). */
  replay?: Har | readonly Har[]
  /**
   * A request no route takes: `warn` (default) says what it was near once in the console,
   * `error` fails it, `off` keeps quiet (see `createHandlers`).
   */
  onMiss?: OnMiss
}

export interface WorkerMock {
  readonly mock: Mock
  readonly store: Store
  readonly resolvers: HandlerResolvers
}

/** The mock `startWorker` serves, made as `createHandlers` would make it from the options. */
export function workerMock(options: WorkerMockOptions): WorkerMock {
  const store = options.store ?? createStore(options)
  const mock = createMock({ ...options, store })
  const replay = options.replay === undefined ? {} : { replay: options.replay }
  const onMiss = options.onMiss === undefined ? {} : { onMiss: options.onMiss }
  return { mock, store, resolvers: handlerResolvers(mock, { ...replay, ...onMiss }) }
}
