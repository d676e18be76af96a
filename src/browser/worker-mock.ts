// What a page's worker answers with: the store and its seeds (faker's SimpleFaker and the word
// lists), the mock and its dispatch. start-worker.ts loads this module while the worker
// registers, so a page carries only msw and the mock's routes before it runs.
import { passthrough } from 'msw'
import { handlerResolvers } from '../../handlers/create-handlers.ts'
import type { HandlerResolvers } from '../../handlers/handler-routes.ts'
import { createMock } from '../../handlers/create-mock.ts'
import {
  createStore,
  mockVersion,
  type Har,
  type Mock,
  type MockOptions,
  type MockPage,
  type StoreOptions,
} from '../mock/index.ts'
import type { Store } from '../store/index.ts'
import { controlPath } from '../wire/route/mock-paths.ts'
import type { OnMiss } from '../wire/index.ts'
import { controlChannelName } from '../control/channel-messages.ts'
import { answerControlChannel } from './control-channel.ts'
import { persistMock, type PersistedState, type PersistOptions } from './persisted-state.ts'

/** What of `startWorker`'s options the mock is made from. */
export interface WorkerMockOptions extends Omit<MockOptions, 'store'>, StoreOptions {
  /** The state to serve; otherwise a store is made from `seed` and `counts`. */
  store?: Store
  /** Recordings to serve for what the mock does not answer (see `createHandlers`). */
  replay?: Har | readonly Har[]
  /**
   * Keep what the mock holds (each state's data, scenario, latency and fault rules) in the
   * origin's localStorage, so a reload shows the edits: `false` starts from the seed on every
   * load. Default true. What was saved with other options (seed, counts, scenario) is not restored.
   */
  persist?: boolean | PersistOptions
  /**
   * A request no route takes: `warn` (default) says what it was near once in the console,
   * `error` fails it, `off` keeps quiet (see `createHandlers`).
   */
  onMiss?: OnMiss
}

/**
 * The dashboard as startWorker hands it in (src/tools/dashboard), loaded on first use: the page
 * `/__mock` answers, and the same drawn into a page of the app (page-dashboard.ts).
 */
export type LoadDashboard = () => Promise<{
  dashboardPage(page: { readonly basePath: string; readonly channel: string }): Promise<MockPage>
  drawDashboard(page: {
    readonly basePath: string
    readonly channel: string
    readonly local: (path: string, init: RequestInit) => Promise<Response>
  }): void
}>

/** Where the worker's mock lives: whether it answers other tabs, and the dashboard it serves. */
export interface WorkerHome {
  /** Answer the dashboards of the origin's other tabs; default true. */
  readonly answerTabs?: boolean
  /** The dashboard `GET /__mock` answers with, for the page's home; none: the mock's own. */
  readonly dashboard?: LoadDashboard
}

export interface WorkerMock {
  readonly mock: Mock
  readonly store: Store
  readonly resolvers: HandlerResolvers
  /** Stops saving the state and answering other tabs' dashboards. */
  stop(): void
}

/**
 * The mock `startWorker` serves, made as `createHandlers` would make it from the options, kept
 * in the origin's storage (`persist`), and answering the dashboards of the origin's other tabs
 * (`answerTabs`: the page's own copy on the dashboard page does not).
 */
export function workerMock(options: WorkerMockOptions, home: WorkerHome = {}): WorkerMock {
  const { answerTabs = true, dashboard } = home
  const store = options.store ?? createStore(options)
  const mock = createMock({ ...options, store })
  const persisted = persistedState(mock, options)
  const replay = options.replay === undefined ? {} : { replay: options.replay }
  const onMiss = options.onMiss === undefined ? {} : { onMiss: options.onMiss }
  const resolvers = handlerResolvers(mock, { ...replay, ...onMiss })
  const answer: HandlerResolvers['answer'] = async (info) => {
    if (isDashboard(info.request) && info.request.mode === 'navigate') {
      // To the dev server, whose fallback serves the app's page, where startWorker draws the
      // dashboard with a copy of its own: the tab msw would answer from may be the one leaving.
      return passthrough()
    }
    const response =
      dashboard && isDashboard(info.request)
        ? await workerDashboard(dashboard, mock.config.basePath)
        : await resolvers.answer(info)
    if (info.request.method !== 'GET') persisted?.changed()
    return response
  }
  const stopChannel =
    answerTabs && inPage()
      ? answerControlChannel({ answer: (request) => dispatchOf(mock, persisted)(request) })
      : () => undefined
  return {
    mock,
    store,
    resolvers: { ...resolvers, answer },
    stop() {
      stopChannel()
      persisted?.stop()
    },
  }
}

/** The mock's dispatch as a page's fetch answers, and a save after a write. */
export function dispatchOf(
  mock: Mock,
  persisted: PersistedState | undefined,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await mock.dispatch(request)
    if (request.method !== 'GET') persisted?.changed()
    return response ?? new Response('Not found', { status: 404 })
  }
}

function persistedState(mock: Mock, options: WorkerMockOptions): PersistedState | undefined {
  const persist = options.persist ?? true
  if (persist === false || !inPage()) return undefined
  // What the start came from: a state saved from another seed or scenario is not that app's.
  const fingerprint = JSON.stringify({
    version: mockVersion,
    seed: mock.store.seed,
    counts: mock.store.counts,
    scenario: options.scenario ?? 'default',
    scenarios: Object.keys(options.scenarios ?? {}),
  })
  return persistMock(mock, { ...(persist === true ? {} : persist), fingerprint })
}

/** `GET /__mock`: the dashboard, which reaches the mock through the channel, not the page's fetch. */
function isDashboard(request: Request): boolean {
  if (request.method !== 'GET') return false
  const path = new URL(request.url).pathname.replace(/\/{2,}/g, '/')
  return path === controlPath || path === `${controlPath}/`
}

async function workerDashboard(load: LoadDashboard, basePath: string): Promise<Response> {
  const { dashboardPage } = await load()
  const { html, headers } = await dashboardPage({ basePath, channel: controlChannelName })
  return new Response(html, { headers: { ...headers } })
}

/**
 * Whether the mock runs in a page: outside one (the worker's mock made in Node, as tests make it)
 * there is no origin's storage to keep the state in and no other tab to answer.
 */
function inPage(): boolean {
  return typeof addEventListener === 'function'
}
