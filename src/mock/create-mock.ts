// The mock itself: operations, control plane and dispatch, without msw, so the Node server
// starts without loading it (docs/performance.md, "Start-up without msw").
import {
  createFaultRules,
  createJournal,
  interceptRequest,
  parseLatency,
  recordRequest,
  type ControlState,
  type Latency,
} from '../control/index.ts'
import type { Store } from '../store/index.ts'
import {
  createDispatch,
  resolveConfig,
  type Dispatch,
  type MockConfig,
  type MockConfigOptions,
  type Operation,
} from '../wire/index.ts'
import { operations } from '../../handlers/operations.ts'
import { createControl, type NamedSnapshot } from './control-routes.ts'
import { applyFixtures, type CompletedFixtures, type Fixtures } from './fixtures.ts'
import { createScenarios, type Scenario, type ScenarioControl } from './scenarios.ts'

export interface MockOptions extends MockConfigOptions {
  /** The state to serve; build it with `createStore()`. */
  store: Store
  /** Latency added to every operation: ms, `'100-600'`, or `{ min, max }`. Default none. */
  latency?: number | string | Latency | null
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
   * seeded data and fixtures), no fault rules, the configured latency, an empty journal, no
   * snapshots. (`POST /__mock/reset` resets the data to the current scenario.)
   */
  reset(): void
  /**
   * Stores entities, each partial and completed from the seed; an entity whose key is stored
   * already is replaced. Returns them completed; throws, storing nothing, on a wrong field.
   * @example mock.fixtures({ Comments: [{ Key: 'spam-1', Status: 'Spam' }] })
   */
  fixtures(fixtures: Fixtures): CompletedFixtures
  /** Replaces the state with a scenario's; throws for an unknown name. */
  scenario(name: string): void
  readonly scenarios: ScenarioControl
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
  const control: ControlState = {
    journal: createJournal(options.journalSize ?? 500, options.journalBytes),
    faults: createFaultRules(options.random ?? Math.random, options.maxFaultRules),
    latency: toLatency(options.latency ?? null),
    random: options.random ?? Math.random,
  }
  const snapshots = new Map<string, NamedSnapshot>()
  const maxSnapshots = options.maxSnapshots ?? defaultMaxSnapshots
  if (!Number.isInteger(maxSnapshots) || maxSnapshots < 0) {
    throw new Error(
      `Failed to create the mock: maxSnapshots must be a whole number, got ${maxSnapshots}`,
    )
  }
  const scenarios = createScenarios(store, options.scenarios ?? {}, config.clock)
  const startScenario = options.scenario ?? 'default'
  // The default scenario is the store as it was handed in (a state file, fixtures): kept as it is.
  if (startScenario !== 'default' && !scenarios.use(startScenario)) {
    throw new Error(`Failed to create the mock: no scenario named '${startScenario}'`)
  }
  const controlRoutes = createControl({
    scenarios,
    store,
    config,
    state: control,
    snapshots,
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
    storeFor: () => store,
    hooks: {
      before: (ctx) => interceptRequest(ctx, control),
      after: (exchange) => recordRequest(control, exchange),
    },
  })
  const initialLatency = control.latency
  const reset = (): void => {
    scenarios.use(startScenario)
    control.faults.clear()
    control.latency = initialLatency
    control.journal.clear()
    snapshots.clear()
  }
  const fixtures = (document: Fixtures): CompletedFixtures =>
    applyFixtures(store, document, config.clock())
  const scenario = (name: string): void => {
    if (!scenarios.use(name)) throw new Error(`Failed to use scenario '${name}': no such scenario`)
  }
  return {
    store,
    config,
    operations,
    control,
    snapshots,
    dispatch,
    reset,
    fixtures,
    scenario,
    scenarios,
  }
}

function toLatency(value: number | string | Latency | null): Latency | null {
  if (value === null) return null
  if (typeof value === 'object') return value
  const latency = parseLatency(String(value))
  if (!latency)
    throw new Error(`Failed to create the mock: latency '${value}' is not ms or 'min-max'`)
  return latency
}
