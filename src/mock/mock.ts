import type { ControlState } from '../control/index.ts'
import type { Store } from '../store/index.ts'
import type {
  Answerer,
  Dispatch,
  Fallback,
  MockConfig,
  MockConfigOptions,
  Operation,
  Stage,
} from '../wire/index.ts'
import type { NamedSnapshot } from './routes/control-routes.ts'
import type { CompletedFixtures, Fixtures } from './fixtures.ts'
import type { MockScenarios } from './mock-scenarios.ts'
import type { Scenario } from './scenario.ts'
import type { Sessions } from './sessions.ts'
import type { LatencyOption } from './to-latency.ts'
import type { LoginOptions, LoginStatus, LoginTicket } from './login.ts'
import type { MockPageMaker } from './mock-page.ts'

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
  /**
   * The most bytes of JSON that writes may add to a state past its start, per state (the shared
   * one and each session); a write past it stores nothing and is answered `507`. Sets the
   * store's `maxBytes` (default 64 MiB, as `createStore({ maxStateBytes })`).
   */
  maxStateBytes?: number
  /** How many fault rules may be set at once; `POST /__mock/faults` answers 400 past it. Default 1,000. */
  maxFaultRules?: number
  /** Random numbers for latency ranges and fault probabilities. Default `Math.random`. */
  random?: () => number
  /** Named states besides the built-in `default`, `empty` and `large`. */
  scenarios?: Readonly<Record<string, Scenario>>
  /**
   * The scenario to start in. Default `default`: the store as handed in, or, when `scenarios`
   * redefines `default`, that scenario's start.
   */
  scenario?: string
  /**
   * Start from the store as handed in (a state file just loaded) even where the user's
   * `default` would replace it; that scenario's latency and fault rules still apply. Default false.
   */
  keepStore?: boolean
  /** How many sessions are kept at once; past it the least recently used is dropped. Default 1,000. */
  maxSessions?: number
  /** What answers what the operations do not, in order, before the 404 (the Node proxy). */
  fallbacks?: readonly Fallback[]
  /** Operations handed to the fallbacks first, by request DTO name (`--passthrough`). */
  passthrough?: readonly string[]
  /**
   * Names whose values the journal's views redact besides the built-in ones (`--redact`):
   * words matched in any case, with `-`, `_` or nothing between their parts.
   */
  redact?: readonly string[]
  /**
   * The operations to serve, each made with `defineOperation`. Default: the spec's four
   * (`operations` of `restapi-mock/handlers`); a list replaces them, so add to that one.
   */
  operations?: readonly Operation[]
  /**
   * Makes the page `GET /__mock` answers, on its first request. Default, in the entry points'
   * `createMock`, `createHandlers`, `createApp` and `startWorker`: the dashboard.
   */
  dashboard?: MockPageMaker
}

/** Which state a call of the mock's API works on: a session's, or (by default) the shared one. */
export interface StateChoice {
  /** The session's id, as a request names it with `X-Mock-Session`. */
  readonly session?: string
}

/** What a runtime adds to the mock's pipeline (see `Mock.answerWith`). */
export interface HostParts {
  readonly stages?: readonly Stage[]
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
  /** The dispatch with the exchange each answer recorded (the Node server's request log). */
  readonly answer: Answerer
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
  /**
   * Logs in to the state (a new credential; the one before stops working), as a back-end user
   * unless `role: 'User'`, optionally under its own mode of the login wall (`auth`). The ticket
   * holds the `Cookie` and `Authorization` headers a request sends to be that user.
   * @example fetch(url, { headers: { Authorization: mock.login().Authorization } })
   */
  login(login?: LoginOptions, choice?: StateChoice): LoginTicket
  /** Logs out: the credential stops working, so a client that keeps it sees its session expire. */
  logout(login?: LoginOptions, choice?: StateChoice): LoginStatus
  /** The state's mode of the login wall and whether someone is logged in (`GET /__mock/login`). */
  loginStatus(choice?: StateChoice): LoginStatus
  /** The sessions: isolated states made on first use (`X-Mock-Session`). */
  readonly sessions: Sessions
  /** The operations handed to the fallbacks first; `PUT /__mock/passthrough` changes it. */
  readonly passthrough: Set<string>
  /** What answers what the operations do not, in order (replays, then the proxy). */
  readonly fallbacks: readonly Fallback[]
  /**
   * A second dispatch over the same state that tries `first` before the mock's own fallbacks
   * (createHandlers' replays); `mock.dispatch` stays as it is, and `reset()` rewinds them too.
   */
  dispatchWith(first: readonly Fallback[]): Dispatch
  /**
   * `dispatchWith` with the exchange of each answer, as `answer` is to `dispatch`; `host` adds a
   * runtime's own stages (the Node server's access checks, large bodies, last answers, log).
   */
  answerWith(first: readonly Fallback[], host?: HostParts): Answerer
}
