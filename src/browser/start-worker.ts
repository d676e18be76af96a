import { setupWorker, type SetupWorker } from 'msw/browser'
import { bypass, type UnhandledFrameHandle } from 'msw'
import { handlerRoutes } from '../../handlers/handler-routes.ts'
import type { Mock } from '../../handlers/index.ts'
import type { Store } from '../store/index.ts'
import { basePathOf } from '../wire/route/mock-paths.ts'
import { isDashboardPage } from './is-dashboard-page.ts'
import { pageHooks } from './page-hooks.ts'
import type { LoadDashboard, WorkerMock, WorkerMockOptions } from './worker-mock.ts'

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
 * is registered and the mock has loaded: the two happen together. Rejects with one sentence
 * naming the cause and the fix when the worker cannot register (service workers blocked, a
 * non-secure origin, no worker script), so the caller can warn and let the app render.
 * @example const { store } = await startWorker({ seed: 1, latency: '100-300' })
 */
export async function startWorker(options: WorkerOptions = {}): Promise<RunningWorker> {
  // `/__mock` opened in a tab: the dashboard, in place of the app (page-dashboard.ts).
  if (isDashboardPage()) {
    return (await import('./page-dashboard.ts')).showPageDashboard(options, loadDashboard)
  }
  // The mock (its store, the seeds with faker and their word lists, the dispatch) is a module
  // of its own, fetched now while the worker registers: before it runs, the page loads only
  // msw and the routes below (docs/performance.md, "The browser").
  let loaded: WorkerMock | undefined
  const loading = import('./worker-mock.ts').then(({ workerMock }) => {
    loaded = workerMock(options, { dashboard: loadDashboard })
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
  const [{ mock, store }] = await Promise.all([loading, registered(worker, options)])
  await takePendingCalls()
  ;(globalThis as Record<string, unknown>)[pageHooks.ready] = true
  void warnIfTheCliAnswersToo()
  return {
    worker,
    mock,
    store,
    stop: async () => {
      ;(await loading).stop()
      await worker.stop()
    },
  }
}

/**
 * msw's worker started, or one sentence naming why it cannot be and what to do: the page then
 * renders without the mock (the development-only start catches this and warns), its requests
 * going to the network.
 */
async function registered(worker: SetupWorker, options: WorkerOptions): Promise<void> {
  const url = options.serviceWorkerUrl ?? '/mockServiceWorker.js'
  if (typeof navigator === 'undefined' || !navigator.serviceWorker)
    throw new Error(await whyNoWorker(url))
  try {
    await worker.start({
      onUnhandledFrame: options.onUnhandledFrame ?? 'bypass',
      quiet: options.quiet ?? true,
      ...(options.serviceWorkerUrl ? { serviceWorker: { url: options.serviceWorkerUrl } } : {}),
    })
  } catch (error) {
    throw new Error(await whyNoWorker(url), { cause: error })
  }
}

/** Why msw's worker could not register, and the fix, as one sentence a user can act on. */
async function whyNoWorker(url: string): Promise<string> {
  const off = 'so requests go to the network'
  const cli = 'or let the CLI answer instead (VITE_RESTAPI_MOCK=server, with npm run mock)'
  if (globalThis.isSecureContext === false)
    return `this page is not a secure origin, where browsers allow no service worker, ${off}: open it on http://localhost or https, ${cli}`
  const script = await fetch(url, { method: 'HEAD' }).catch(() => null)
  if (script && !script.ok)
    return `msw's worker script is not at ${url} (${script.status}), ${off}: run npx msw init public --save`
  return `the browser refused the service worker (a setting, a private window, or a test runner's serviceWorkers: 'block'), ${off}: allow service workers, ${cli}`
}

/** Applies the fixtures a Playwright test set before the page loaded, if the fixture runs. */
async function takePendingCalls(): Promise<void> {
  const take = (globalThis as Record<string, unknown>)[pageHooks.pending]
  if (typeof take !== 'function') return
  const calls = (await (take as () => Promise<unknown>)()) as {
    method: string
    path: string
    body?: unknown
  }[]
  for (const { method, path, body } of calls) {
    const response = await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok)
      console.warn(`restapi-mock: ${method} ${path}: ${response.status} ${await response.text()}`)
  }
}

/**
 * One home at a time: when a restapi-mock CLI also answers behind the dev server's proxy, the
 * worker answers every request of the page and the CLI sees none, so say so once. The request
 * goes past the worker (msw's `bypass`) and names itself, so that the CLI says so too.
 */
async function warnIfTheCliAnswersToo(): Promise<void> {
  // Only behind Vite's dev server, whose proxy this is about (and which answers the question
  // itself otherwise, with its page or the plugin's 204): a static server would log a 404.
  if (typeof document === 'undefined' || !document.querySelector('script[src="/@vite/client"]'))
    return
  try {
    const probe = new Request(new URL('/__mock/settings', location.href), {
      headers: { 'X-Mock-Worker': 'started' },
    })
    const response = await fetch(bypass(probe))
    if (!response.ok || !/json/.test(response.headers.get('Content-Type') ?? '')) return
    console.warn(
      "restapi-mock: the page's worker answers /RestApi, and a restapi-mock CLI answers behind this dev server's proxy too: the CLI sees none of the page's requests. Pick one home: VITE_RESTAPI_MOCK=server (the CLI) or worker (the page), in package.json's config.mockHome or for one run",
    )
  } catch {
    // No dev server behind the page, or no proxy: nothing to say.
  }
}

/**
 * The dashboard tool, loaded on first use (a chunk of its own): startWorker is the entry point
 * that hands it to the mock, since the core never imports a tool.
 */
const loadDashboard: LoadDashboard = () => import('../tools/dashboard/index.ts')
