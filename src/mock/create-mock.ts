// The mock itself: operations, control plane and dispatch, without msw, so the Node server
// starts without loading it (docs/performance.md, "Start-up without msw").
import {
  createFaultRules,
  createJournal,
  createNotices,
  interceptRequest,
  recordRequest,
  type ControlState,
} from '../control/index.ts'
import type { Store } from '../store/index.ts'
import {
  createDispatch,
  resolveConfig,
  type Dispatch,
  type Fallback,
  type MockConfig,
  type MockConfigOptions,
  type Operation,
} from '../wire/index.ts'
import { operations } from '../../handlers/operations.ts'
import { createControl, type NamedSnapshot } from './control-routes.ts'
import { applyFixtures, type CompletedFixtures, type Fixtures } from './fixtures.ts'
import { createMockScenarios, type MockScenarios } from './mock-scenarios.ts'
import { createScenarioCatalogue, type Scenario } from './scenarios.ts'
import {
  createSessions,
  defaultMaxSessions,
  sharedState,
  type Session,
  type Sessions,
} from './sessions.ts'
import { setPassthrough } from './passthrough.ts'
import { latencyOf, type LatencyOption } from './to-latency.ts'

export interface MockOptions extends MockConfigOptions {
  /** The state to serve; build it with `createStore()`. */
  store: Store
  /** Latency added to every operation: ms, `'100-600'`, or `{ min, max }`. Default none. */
  latency?: LatencyOption
  /** How many requests the journal keeps. Default 500. */
  journalSize?: number
  /** The most bytes the journal's entries may hold together. Default 16 MiB. */
  journalBytes?: number
  /** How many named snapshots may be saved at once; a save past it is a 400. Default 100. */
  maxSnapshots?: number
  /** How many fault rules may be set at once; `POST /__mock/faults` answers 400 past it. Default 1,000. */
  maxFaultRules?: number
  /** Random numbers for latency ranges and fault probabilities. Default `Math.random`. */
  random?: () => number
  /** Named states besides the built-in `default`, `empty` and `large`. */
  scenarios?: Readonly<Record<string, Scenario>>
  /** The scenario to start in. Default `default`. */
  scenario?: string
  /** How many sessions are kept at once; past it the least recently used is dropped. Default 1,000. */
  maxSessions?: number
  /** What answers what the operations do not, in order, before the 404 (the Node proxy). */
  fallbacks?: readonly Fallback[]
  /** Operations handed to the fallbacks first, by request DTO name (`--passthrough`). */
  passthrough?: readonly string[]
}

/** Which state a call of the mock's API works on: a session's, or (by default) the shared one. */
export interface StateChoice {
  /** The session's id, as a request names it with `X-Mock-Session`. */
  readonly session?: string
}

/** One running mock: its state, its settings, and the dispatch every runtime calls. */
export interface Mock {
  readonly store: Store
  readonly config: MockConfig
  readonly operations: readonly Operation[]
  /** Latency, fault rules and the journal: what `/__mock` reads and changes. */
  readonly control: ControlState
  readonly snapshots: Map<string, NamedSnapshot>
  readonly dispatch: Dispatch
  /**
   * Everything back to how it started, for test isolation: the scenario it started in (its
   * seeded data, fixtures and rules), the configured latency, an empty journal, no snapshots
   * and no sessions. (`POST /__mock/reset` resets the data to the current scenario.)
   */
  reset(): void
  /**
   * Stores entities, each partial and completed from the seed; an entity whose key is stored
   * already is replaced. Returns them completed; throws, storing nothing, on a wrong field.
   * @example mock.fixtures({ Comments: [{ Key: 'spam-1', Status: 'Spam' }] })
   */
  fixtures(fixtures: Fixtures, choice?: StateChoice): CompletedFixtures
  /** Replaces the state (data, latency, fault rules) with a scenario's; throws for an unknown name. */
  scenario(name: string, choice?: StateChoice): void
  /** The scenarios, and those of the shared state. */
  readonly scenarios: MockScenarios
  /** The sessions: isolated states made on first use (`X-Mock-Session`). */
  readonly sessions: Sessions
  /** The operations handed to the fallbacks first; `PUT /__mock/passthrough` changes it. */
  readonly passthrough: Set<string>
  /** What answers what the operations do not, in order (replays, then the proxy); live. */
  readonly fallbacks: Fallback[]
}

/** How many named snapshots a mock keeps at most unless told otherwise. */
export const defaultMaxSnapshots = 100

/** The package version, as the journal's HAR export names its creator. */
export const mockVersion = '0.1.0'

/**
 * Builds a mock from a store and settings.
 * @example const mock = createMock({ store: createStore({ seed: 1 }) })
 */
export function createMock(options: MockOptions): Mock {
  const config = resolveConfig(options)
  const { store } = options
  const random = options.random ?? Math.random
  const initialLatency = latencyOf(options.latency ?? null)
  if (initialLatency === undefined) {
    throw new Error(
      `Failed to create the mock: latency '${options.latency}' is not ms or 'min-max'`,
    )
  }
  const control: ControlState = {
    journal: createJournal(options.journalSize ?? 500, options.journalBytes),
    notices: createNotices(),
    faults: createFaultRules(random, options.maxFaultRules),
    latency: initialLatency,
    random,
  }
  const maxSnapshots = options.maxSnapshots ?? defaultMaxSnapshots
  if (!Number.isInteger(maxSnapshots) || maxSnapshots < 0) {
    throw new Error(
      `Failed to create the mock: maxSnapshots must be a whole number, got ${maxSnapshots}`,
    )
  }
  const catalogue = createScenarioCatalogue({
    store,
    user: options.scenarios ?? {},
    now: config.clock,
    latency: initialLatency,
    random,
  })
  const startScenario = options.scenario ?? 'default'
  if (!catalogue.has(startScenario)) {
    throw new Error(`Failed to create the mock: no scenario named '${startScenario}'`)
  }
  const shared = sharedState(store, catalogue, control)
  // The default scenario is the store as handed in (a state file, fixtures): kept as it is.
  if (startScenario !== 'default') shared.scenarios.use(startScenario)
  const sessions = createSessions({
    shared,
    catalogue,
    max: options.maxSessions ?? defaultMaxSessions,
    random,
    maxFaultRules: options.maxFaultRules,
  })
  const fallbacks = [...(options.fallbacks ?? [])]
  const passthrough = new Set<string>()
  const passthroughProblem = setPassthrough(passthrough, options.passthrough ?? [], operations)
  if (passthroughProblem) throw new Error(`Failed to create the mock: ${passthroughProblem}`)
  const controlRoutes = createControl({
    fallbacks,
    passthrough,
    operations,
    sessions,
    catalogue,
    config,
    state: control,
    maxSnapshots,
    version: mockVersion,
    // Loaded on first use: a browser bundle then keeps them in chunks of their own.
    openApi: async () => {
      const { createOpenApiDocument } = await import('../control/openapi.ts')
      return createOpenApiDocument({ operations, basePath: config.basePath })
    },
    dashboard: async () => {
      const { dashboardHtml, dashboardHeaders } = await import('../control/dashboard.ts')
      return new Response(dashboardHtml({ basePath: config.basePath }), {
        headers: { ...dashboardHeaders },
      })
    },
  })
  const dispatch = createDispatch({
    operations,
    control: controlRoutes,
    config,
    storeFor: (session) => sessions.get(session).store,
    fallbacks,
    passthrough,
    hooks: {
      // The context has just taken its session's store, so the session is there to find.
      before: (ctx) => interceptRequest(ctx, sessions.peek(ctx.session).rules, random),
      after: (exchange) => recordRequest(control, exchange),
    },
  })
  const stateOf = (choice: StateChoice | undefined): Session =>
    sessions.get(choice?.session ?? null)
  return {
    store,
    config,
    operations,
    control,
    snapshots: shared.snapshots,
    dispatch,
    reset() {
      sessions.clear()
      // The scenario sets the latency and fault rules too: its own, else the configured ones.
      shared.scenarios.use(startScenario)
      control.journal.clear()
      shared.snapshots.clear()
    },
    fixtures: (document, choice) => applyFixtures(stateOf(choice).store, document, config.clock()),
    scenario(name, choice) {
      if (!stateOf(choice).scenarios.use(name)) {
        throw new Error(`Failed to use scenario '${name}': no such scenario`)
      }
    },
    scenarios: createMockScenarios(catalogue, shared.scenarios),
    sessions,
    passthrough,
    fallbacks,
  }
}
