import { setupWorker, type SetupWorker } from 'msw/browser'
import type { UnhandledFrameHandle } from 'msw'
import { handlerRoutes } from '../../handlers/handler-routes.ts'
import type { Mock } from '../../handlers/index.ts'
import type { Store } from '../store/index.ts'
import { basePathOf } from '../wire/route/mock-paths.ts'
import type { WorkerMock, WorkerMockOptions } from './worker-mock.ts'

export interface WorkerOptions extends WorkerMockOptions {
  /** What msw does with a request no handler takes. Default `'bypass'`: it goes to the network. */
  onUnhandledFrame?: UnhandledFrameHandle
  /** No console line per intercepted request. Default true: the journal keeps them instead. */
  quiet?: boolean
  /** Where `mockServiceWorker.js` is served (`npx msw init <public dir>` puts it there). */
  serviceWorkerUrl?: string
}

export interface RunningWorker {
  readonly worker: SetupWorker
  readonly mock: Mock
  readonly store: Store
  stop(): Promise<void>
}

/**
 * Serves the mock inside the browser through msw's service worker: the same handlers, state,
 * latency and faults as the Node server, with no server behind them. Resolves once the worker
 * is registered and the mock has loaded: the two happen together.
 * @example const { store } = await startWorker({ seed: 1, latency: '100-300' })
 */
export async function startWorker(options: WorkerOptions = {}): Promise<RunningWorker> {
  // The mock (its store, the seeds with faker and their word lists, the dispatch) is a module
  // of its own, fetched now while the worker registers: before it runs, the page loads only
  // msw and the routes below (docs/performance.md, "The browser").
  let loaded: WorkerMock | undefined
  const loading = import('./worker-mock.ts').then(({ workerMock }) => {
    loaded = workerMock(options)
    return loaded
  })
  const worker = setupWorker(
    ...handlerRoutes(basePathOf(options.basePath), {
      // A request the mock takes waits for it to load (only one sent before startWorker resolves).
      answer: async (info) => (await loading).resolvers.answer(info),
      // The catch-all sees every request of the page, the mock's own module among them, so it
      // must not wait for the mock: until the mock is in, it lets everything go to the network.
      // Once in, it names a service path with its base path mistyped (handlerResolvers).
      outside: {
        takes: (request) => loaded?.resolvers.outside?.takes(request) ?? false,
        answer: async (info) => loaded?.resolvers.outside?.answer(info),
      },
    }),
  )
  const [{ mock, store }] = await Promise.all([
    loading,
    worker.start({
      onUnhandledFrame: options.onUnhandledFrame ?? 'bypass',
      quiet: options.quiet ?? true,
      ...(options.serviceWorkerUrl ? { serviceWorker: { url: options.serviceWorkerUrl } } : {}),
    }),
  ])
  return {
    worker,
    mock,
    store,
    stop: async () => {
      await worker.stop()
    },
  }
}
