import { setupWorker, type SetupWorker } from 'msw/browser'
import type { UnhandledFrameHandle } from 'msw'
import { createHandlers, createMock, type Mock, type MockOptions } from '../../handlers/index.ts'
import { createStore, type Har, type StoreOptions } from '../mock/index.ts'
import type { Store } from '../store/index.ts'

export interface WorkerOptions extends Omit<MockOptions, 'store'>, StoreOptions {
  /** The state to serve; otherwise a store is made from `seed` and `counts`. */
  store?: Store
  /** What msw does with a request no handler takes. Default `'bypass'`: it goes to the network. */
  onUnhandledFrame?: UnhandledFrameHandle
  /** No console line per intercepted request. Default true: the journal keeps them instead. */
  quiet?: boolean
  /** Where `mockServiceWorker.js` is served (`npx msw init <public dir>` puts it there). */
  serviceWorkerUrl?: string
  /** Recordings to serve for what the mock does not answer (see `createHandlers`). */
  replay?: Har | readonly Har[]
}

export interface RunningWorker {
  readonly worker: SetupWorker
  readonly mock: Mock
  readonly store: Store
  stop(): Promise<void>
}

/**
 * Serves the mock inside the browser through msw's service worker: the same handlers, state,
 * latency and faults as the Node server, with no server behind them.
 * @example const { store } = await startWorker({ seed: 1, latency: '100-300' })
 */
export async function startWorker(options: WorkerOptions = {}): Promise<RunningWorker> {
  const store = options.store ?? createStore(options)
  const mock = createMock({ ...options, store })
  const worker = setupWorker(
    ...createHandlers(mock, options.replay === undefined ? {} : { replay: options.replay }),
  )
  await worker.start({
    onUnhandledFrame: options.onUnhandledFrame ?? 'bypass',
    quiet: options.quiet ?? true,
    ...(options.serviceWorkerUrl ? { serviceWorker: { url: options.serviceWorkerUrl } } : {}),
  })
  return {
    worker,
    mock,
    store,
    stop: async () => {
      await worker.stop()
    },
  }
}
