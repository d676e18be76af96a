// The mock itself: operations, control plane and dispatch, without msw, so the Node server
// starts without loading it (docs/performance.md, "Start-up without msw").
import {
  createFaultRules,
  createJournal,
  createNotices,
  type ControlState,
} from '../control/index.ts'
import {
  resolveConfig,
  type Answered,
  type Answerer,
  type Fallback,
  type MockConfig,
} from '../wire/index.ts'
import { applyFixtures } from './fixtures.ts'
import type { HostParts, Mock, StateChoice } from './mock.ts'
import { createMockScenarios } from './mock-scenarios.ts'
import { createScenarioCatalogue } from './scenarios.ts'
import { createSessions, defaultMaxSessions, sharedState, type Session } from './sessions.ts'
import { setPassthrough } from './routes/passthrough.ts'
import { latencyOf } from './to-latency.ts'
import { unknownNameHint } from './unknown-name.ts'
import { logIn, loginStatus, logOut } from './login.ts'
import { mockStages } from './stages.ts'
import { answererOf, type CreateMockOptions, type MockParts } from './mock-answerer.ts'

export type { HostParts, Mock, MockOptions, StateChoice } from './mock.ts'

/** How many named snapshots a mock keeps at most unless told otherwise. */
export const defaultMaxSnapshots = 100

/**
 * Builds a mock serving `operations` from a store and settings. Users reach it through the
 * entries' `createMock`, which hands in the spec's four operations unless given others.
 * @example const mock = createMock({ store: createStore({ seed: 1 }), operations: [updateComment] })
 */
export function createMock(options: CreateMockOptions): Mock {
  const config = resolveConfig(options)
  const random = options.random ?? Math.random
  const control = controlStateOf(options, random)
  const maxSnapshots = options.maxSnapshots ?? defaultMaxSnapshots
  if (!Number.isInteger(maxSnapshots) || maxSnapshots < 0) {
    throw new Error(
      `Failed to create the mock: maxSnapshots must be a whole number, got ${maxSnapshots}`,
    )
  }
  if (options.maxStateBytes !== undefined) options.store.maxBytes = options.maxStateBytes
  const { catalogue, shared, startScenario } = startState(options, config, control, random)
  const sessions = createSessions({
    shared,
    catalogue,
    max: options.maxSessions ?? defaultMaxSessions,
    random,
    maxFaultRules: options.maxFaultRules,
    forget: (id) => control.journal.forget(id),
    notices: control.notices,
  })
  const passthrough = new Set<string>()
  const passthroughProblem = setPassthrough(
    passthrough,
    options.passthrough ?? [],
    options.operations,
  )
  if (passthroughProblem) throw new Error(`Failed to create the mock: ${passthroughProblem}`)
  const parts: MockParts = {
    options,
    config,
    control,
    sessions,
    catalogue,
    passthrough,
    maxSnapshots,
    stages: mockStages({ sessions, control, config, random }),
    fallbacks: [...(options.fallbacks ?? [])],
    borrowed: [],
  }
  return mockApi(parts, { shared, startScenario })
}

/** The run-time settings and records: the journal, the notices, the shared state's rules. */
function controlStateOf(options: CreateMockOptions, random: () => number): ControlState {
  const latency = latencyOf(options.latency ?? null)
  if (latency === undefined) {
    throw new Error(
      `Failed to create the mock: latency '${options.latency}' is not ms or 'min-max'`,
    )
  }
  return {
    journal: createJournal(options.journalSize ?? 500, options.journalBytes),
    notices: createNotices(),
    faults: createFaultRules(random, options.maxFaultRules),
    latency,
    random,
  }
}

/** The scenarios, the shared state, and the scenario it starts in. */
function startState(
  options: CreateMockOptions,
  config: MockConfig,
  control: ControlState,
  random: () => number,
) {
  const { store } = options
  const catalogue = createScenarioCatalogue({
    store,
    user: options.scenarios ?? {},
    now: config.clock,
    latency: control.latency,
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
  return { catalogue, shared, startScenario }
}

/** The mock's API over its parts: what `createMock` returns. */
function mockApi(
  parts: MockParts,
  { shared, startScenario }: Omit<ReturnType<typeof startState>, 'catalogue'>,
): Mock {
  const { options, config, sessions, catalogue, control, fallbacks, borrowed } = parts
  const answer = answererOf(parts, fallbacks)
  const answerWith = (first: readonly Fallback[], host?: HostParts): Answerer => {
    borrowed.push(...first)
    return answererOf(parts, [...first, ...fallbacks], host)
  }
  const stateOf = (choice: StateChoice | undefined): Session =>
    sessions.get(choice?.session ?? null)
  return {
    store: options.store,
    config,
    operations: options.operations,
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
    passthrough: parts.passthrough,
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
