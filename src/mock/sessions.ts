import { createFaultRules, type Notices } from '../control/index.ts'
import type { Store } from '../store/index.ts'
import {
  createScenarioControl,
  type RequestRules,
  type ScenarioCatalogue,
  type ScenarioControl,
} from './scenarios.ts'
import type { NamedSnapshot } from './routes/snapshot-names.ts'
import type { LoginState } from '../wire/index.ts'
import { newLoginState } from './login.ts'

/**
 * One state of the mock: the shared one (id null) or a session's. Each has its own entities,
 * scenario, snapshots, latency and fault rules; the journal is one, seen per session.
 */
export interface Session {
  readonly id: string | null
  readonly store: Store
  readonly scenarios: ScenarioControl
  readonly rules: RequestRules
  readonly snapshots: Map<string, NamedSnapshot>
  /** Epoch ms. */
  readonly createdAt: number
  lastUsedAt: number
  /** How many requests used it (a control read, `GET /__mock/...`, does not). */
  requests: number
  /** The session's view of the journal starts at this entry id (its `DELETE /__mock/journal`). */
  journalFrom: number
  /**
   * What its next answer must say, once: the session was evicted and made again from the
   * scenario's start (`X-Mock-Warning`). Null otherwise.
   */
  warning: string | null
  /** Who is logged in to it, and its own mode of the login wall (`/__mock/login`). */
  readonly login: LoginState
}

/** A session as `GET /__mock/sessions` lists it. */
export interface SessionInfo {
  readonly id: string
  readonly scenario: string
  readonly createdAt: string
  readonly lastUsedAt: string
  readonly requests: number
}

export interface Sessions {
  readonly shared: Session
  /** How many sessions are kept; past it the least recently used is dropped. */
  readonly max: number
  /** How many sessions there are now. */
  readonly size: number
  /** The state a request works on: the shared one for null, else the session, made on first use. */
  get(id: string | null): Session
  /** The state of an id without counting a use; the shared one when the session is gone. */
  peek(id: string | null): Session
  /** Least recently used first; with `limit`, only the `limit` most recently used. */
  list(limit?: number): SessionInfo[]
  delete(id: string): boolean
  clear(): void
}

/** How many sessions a mock keeps unless told otherwise (`--max-sessions`). */
export const defaultMaxSessions = 1000

export interface SessionsOptions {
  readonly shared: Session
  readonly catalogue: ScenarioCatalogue
  readonly max: number
  readonly random: () => number
  readonly maxFaultRules: number | undefined
  /** Told each session that is dropped (deleted, cleared or evicted): its journal entries go. */
  readonly forget?: (id: string) => void
  /** Where an evicted session made again is told, besides its next answer. */
  readonly notices?: Notices
}

/** How many evicted ids are remembered, so that their next request says they were evicted. */
export const rememberedEvictions = 10_000

/**
 * The sessions of a mock. A new one branches from the start of the shared state's current
 * scenario: it shares every entity (copy on write, see SnapshotMap), so it costs a few objects
 * until it writes. The Map's order is the order of use, so the first key is the one to drop.
 */
export function createSessions(options: SessionsOptions): Sessions {
  const { shared, catalogue, max } = options
  if (!Number.isInteger(max) || max < 1) {
    throw new Error(
      `Failed to create the mock: maxSessions must be a whole number of at least 1, got ${max}`,
    )
  }
  const sessions = new Map<string, Session>()
  // Insertion order is eviction order: the first is the one forgotten first.
  const evicted = new Set<string>()
  const forget = options.forget ?? (() => undefined)

  const evict = (id: string): void => {
    sessions.delete(id)
    forget(id)
    evicted.delete(id)
    evicted.add(id)
    if (evicted.size > rememberedEvictions) evicted.delete(evicted.values().next().value as string)
  }

  const make = (id: string): Session => {
    const scenario = shared.scenarios.current
    const store = shared.store.branch(catalogue.start(scenario))
    const rules: RequestRules = {
      faults: createFaultRules(options.random, options.maxFaultRules),
      latency: null,
    }
    catalogue.applyRules(scenario, rules)
    const session = newSession(
      id,
      store,
      createScenarioControl(catalogue, store, rules, scenario),
      rules,
    )
    if (evicted.delete(id)) {
      session.warning =
        `Session '${id}' was evicted (more than ${max} sessions, the least recently used goes) ` +
        `and started again from the start of scenario '${scenario}': what it held is gone`
      options.notices?.add('info', session.warning)
    }
    return session
  }

  return {
    shared,
    max,
    get size() {
      return sessions.size
    },
    get(id) {
      if (id === null) return shared
      let session = sessions.get(id)
      if (session) {
        sessions.delete(id)
        session.lastUsedAt = Date.now()
      } else {
        if (sessions.size >= max) evict(sessions.keys().next().value as string)
        session = make(id)
      }
      sessions.set(id, session)
      session.requests += 1
      return session
    },
    peek: (id) => (id === null ? shared : (sessions.get(id) ?? shared)),
    list(limit = sessions.size) {
      // The Map runs oldest first: the ones before the last `limit` are skipped, not copied.
      let skip = sessions.size - limit
      const listed: SessionInfo[] = []
      for (const session of sessions.values()) {
        if (skip-- > 0) continue
        listed.push({
          id: session.id as string,
          scenario: session.scenarios.current,
          createdAt: new Date(session.createdAt).toISOString(),
          lastUsedAt: new Date(session.lastUsedAt).toISOString(),
          requests: session.requests,
        })
      }
      return listed
    },
    delete(id) {
      // Dropped on purpose: its next request is a new session, with nothing to warn about.
      evicted.delete(id)
      forget(id)
      return sessions.delete(id)
    },
    clear() {
      for (const id of sessions.keys()) forget(id)
      sessions.clear()
      evicted.clear()
    },
  }
}

/** The shared state: the store the mock was given, its rules, starting in `default`. */
export function sharedState(
  store: Store,
  catalogue: ScenarioCatalogue,
  rules: RequestRules,
): Session {
  return newSession(null, store, createScenarioControl(catalogue, store, rules, 'default'), rules)
}

/** A state made now: no snapshots, no requests yet. */
function newSession(
  id: string | null,
  store: Store,
  scenarios: ScenarioControl,
  rules: RequestRules,
): Session {
  const now = Date.now()
  return {
    id,
    store,
    scenarios,
    rules,
    snapshots: new Map(),
    createdAt: now,
    lastUsedAt: now,
    requests: 0,
    journalFrom: 0,
    warning: null,
    login: newLoginState(),
  }
}
