import { http, type HttpHandler } from 'msw'
import type { Store } from '../src/store/index.ts'
import {
  controlPath,
  createDispatch,
  notFoundResponse,
  resolveConfig,
  type Dispatch,
  type MockConfig,
  type MockConfigOptions,
  type Operation,
} from '../src/wire/index.ts'
import { updateABTestOperation } from './ab-testing.ts'
import { updateCommentOperation } from './comments.ts'
import { containersInfoOperation } from './containers-info.ts'
import { createControl } from './control.ts'
import { createServiceOperation } from './services.ts'

export interface MockOptions extends MockConfigOptions {
  /** The state to serve; build it with `createStore()`. */
  store: Store
}

/** One running mock: its state, its settings, and the dispatch every runtime calls. */
export interface Mock {
  readonly store: Store
  readonly config: MockConfig
  readonly operations: readonly Operation[]
  readonly dispatch: Dispatch
}

/** The four operations of the spec, bound to a store. */
export function createOperations(store: Store): Operation[] {
  return [
    updateABTestOperation(store),
    createServiceOperation(store),
    containersInfoOperation(store),
    updateCommentOperation(store),
  ]
}

/**
 * Builds a mock from a store and settings.
 * @example const mock = createMock({ store: createStore({ seed: 1 }) })
 */
export function createMock(options: MockOptions): Mock {
  const config = resolveConfig(options)
  const operations = createOperations(options.store)
  const dispatch = createDispatch(operations, createControl(options.store), config)
  return { store: options.store, config, operations, dispatch }
}

/**
 * The msw handler list: hand it to `setupWorker`, `setupServer` or msw-storybook-addon.
 * @example const server = setupServer(...createHandlers({ store: createStore() }))
 */
export function createHandlers(options: MockOptions | Mock): HttpHandler[] {
  const mock = 'dispatch' in options ? options : createMock(options)
  // One catch-all per prefix: the mock routes as the real host does (case-insensitive,
  // extensions, pre-defined routes), which msw's string patterns (case-sensitive) cannot say.
  const answer = async ({ request }: { request: Request }): Promise<Response> =>
    (await mock.dispatch(request)) ?? notFoundResponse()
  return [
    http.all(prefixPattern(mock.config.basePath, 'i'), answer),
    http.all(prefixPattern(controlPath, ''), answer),
  ]
}

/** Any origin, then the prefix as a whole segment: `https://host/RestApi/...`, `/restapi/...`. */
function prefixPattern(prefix: string, flags: string): RegExp {
  const escaped = prefix.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+/+${escaped}(?:/|$)`, flags)
}

export { stateJson } from './control.ts'
export { updateABTestOperation } from './ab-testing.ts'
export { updateCommentOperation } from './comments.ts'
export { containersInfoOperation } from './containers-info.ts'
export { createServiceOperation } from './services.ts'
