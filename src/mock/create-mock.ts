// The mock itself: operations, control plane and dispatch, without msw, so the Node server
// starts without loading it (docs/performance.md, "Start-up without msw").
import {
  createFaultRules,
  createJournal,
  createNotices,
  type ControlState,
} from '../control/index.ts'
import {
  createAnswerer,
  resolveConfig,
  type Answered,
  type Answerer,
  type ControlResolver,
  type Fallback,
  type Operation,
} from '../wire/index.ts'
import type { ControlDeps } from './routes/control-routes.ts'
import { createStore } from './create-store.ts'
import { applyFixtures } from './fixtures.ts'
import type { Mock, MockOptions, StateChoice } from './mock.ts'
import { createMockScenarios } from './mock-scenarios.ts'
import { createScenarioCatalogue } from './scenarios.ts'
import { createSessions, defaultMaxSessions, sharedState, type Session } from './sessions.ts'
import { setPassthrough } from './routes/passthrough.ts'
import { createSurface } from './surface-routes.ts'
import { latencyOf } from './to-latency.ts'
import { mockVersion } from './mock-version.ts'
import { unknownNameHint } from './unknown-name.ts'
import { logIn, loginStatus, logOut } from './login.ts'
import { mockStages } from './stages.ts'

export type { Mock, MockOptions, StateChoice } from './mock.ts'

/** How many named snapshots a mock keeps at most unless told otherwise. */
export const defaultMaxSnapshots = 100

/**
 * Builds a mock serving `operations` from a store and settings. Users reach it through the
 * entries' `createMock`, which hands in the spec's four operations unless given others.
 * @example const mock = createMock({ store: createStore({ seed: 1 }), operations: [updateComment] })
 */
export function createMock(
  options: MockOptions & { readonly operations: readonly Operation[] },
): Mock {
  const config = resolveConfig(options)
  const { store, operations } = options
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
  if (options.maxStateBytes !== undefined) store.maxBytes = options.maxStateBytes
  const catalogue = createScenarioCatalogue({
    store,
    user: options.scenarios ?? {},
    now: config.clock,
    latency: initialLatency,
    random,
  })
  const startScenario = options.scenario ?? 'default'
  if (!catalogue.has(startScenario)) {
    const names = catalogue.list().map(({ name }) => name)
    throw new Error(
      `Failed to create the mock: no scenario named '${startScenario}'${unknownNameHint(startScenario, names, 'scenarios')}`,
    )
  }
  const shared = sharedState(store, catalogue, control)
  // The default scenario is the store as handed in (a state file, fixtures): kept as it is.
  // A redefined `default` applies whole, as PUT /__mock/scenarios/default would (issue 26),
  // unless the store holds a state to keep (a state file).
  const redefined = Object.hasOwn(options.scenarios ?? {}, 'default')
  if (startScenario !== 'default' || (redefined && !options.keepStore)) {
    shared.scenarios.enter(startScenario)
  } else if (redefined) catalogue.applyRules('default', control)
  const sessions = createSessions({
    shared,
    catalogue,
    max: options.maxSessions ?? defaultMaxSessions,
    random,
    maxFaultRules: options.maxFaultRules,
    forget: (id) => control.journal.forget(id),
    notices: control.notices,
  })
  const fallbacks = [...(options.fallbacks ?? [])]
  const passthrough = new Set<string>()
  const passthroughProblem = setPassthrough(passthrough, options.passthrough ?? [], operations)
  if (passthroughProblem) throw new Error(`Failed to create the mock: ${passthroughProblem}`)
  // Fallbacks a second dispatch tries first (createHandlers' replays): mock.reset() rewinds them too.
  const borrowed: Fallback[] = []
  const stages = mockStages({ sessions, control, config, random })
  /** The dispatch with `list` as its fallbacks: the mock's own, or a second one's. */
  const answererWith = (list: readonly Fallback[]): Answerer => {
    const controlDeps: ControlDeps = {
      fallbacks: list,
      passthrough,
      operations,
      sessions,
      catalogue,
      config,
      state: control,
      maxSnapshots,
      version: mockVersion,
      redact: options.redact ?? [],
      // Loaded on first use: a browser bundle then keeps them in chunks of their own.
      openApi: async () => {
        const { createOpenApiDocument } = await import('../control/openapi.ts')
        // The samples come from a store seeded as this one was, never from the state that
        // requests change: the same seed gives the same document.
        const sampleStore = createStore({ seed: store.seed, counts: store.counts })
        return createOpenApiDocument({ operations, basePath: config.basePath, sampleStore })
      },
      dashboard: options.dashboard,
    }
    // The routes under /__mock load on their first request: a page that never asks for them
    // carries them only in a lazy chunk.
    let loadedRoutes: Promise<ControlResolver> | undefined
    const controlRoutes: ControlResolver = async (request, url, host) => {
      loadedRoutes ??= import('./routes/control-routes.ts').then(({ createControl }) =>
        createControl(controlDeps),
      )
      return (await loadedRoutes)(request, url, host)
    }
    return createAnswerer({
      operations,
      control: controlRoutes,
      config,
      stages,
      fallbacks: list,
      passthrough,
      surface: createSurface(operations, config.basePath),
    })
  }
  const answer = answererWith(fallbacks)
  const answerWith = (first: readonly Fallback[]): Answerer => {
    borrowed.push(...first)
    return answererWith([...first, ...fallbacks])
  }
  const stateOf = (choice: StateChoice | undefined): Session =>
    sessions.get(choice?.session ?? null)
  return {
    store,
    config,
    operations,
    control,
    snapshots: shared.snapshots,
    answer,
    dispatch: async (request, host) => responseOf(await answer(request, host)),
    reset() {
      sessions.clear()
      logOut(shared.login, config.auth, { mode: null })
      // The scenario sets the latency and fault rules too: its own, else the configured ones.
      shared.scenarios.enter(startScenario)
      control.journal.clear()
      shared.snapshots.clear()
      for (const fallback of [...borrowed, ...fallbacks]) fallback.rewind?.()
    },
    fixtures: (document, choice) => applyFixtures(stateOf(choice).store, document, config.clock()),
    scenario(name, choice) {
      if (!stateOf(choice).scenarios.use(name)) {
        const names = catalogue.list().map((scenario) => scenario.name)
        throw new Error(
          `Failed to use scenario '${name}': no such scenario${unknownNameHint(name, names, 'scenarios')}`,
        )
      }
    },
    scenarios: createMockScenarios(catalogue, shared.scenarios),
    login: (login, choice) => logIn(stateOf(choice).login, config.auth, login ?? {}),
    logout: (login, choice) => logOut(stateOf(choice).login, config.auth, login ?? {}),
    loginStatus: (choice) => loginStatus(stateOf(choice).login, config.auth),
    sessions,
    passthrough,
    fallbacks,
    dispatchWith(first) {
      const second = answerWith(first)
      return async (request, host) => responseOf(await second(request, host))
    },
    answerWith,
  }
}

/** What a `Dispatch` answers: nothing for a request no route took, so another handler may. */
function responseOf(answered: Answered | undefined): Response | undefined {
  return answered?.unmatched ? undefined : answered?.response
}
