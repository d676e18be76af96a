import { createFaultRules } from '../control/index.ts'
import type { Store } from '../store/index.ts'
import {
  createScenarioControl,
  type RequestRules,
  type ScenarioCatalogue,
  type ScenarioControl,
} from './scenarios.ts'
import { newLoginState } from './login.ts'
import type { Session, SessionInfo, Sessions, SessionsOptions } from './session-types.ts'

export type { Session, SessionInfo, Sessions, SessionsOptions }

/** How many sessions a mock keeps unless told otherwise (`--max-sessions`). */
export const defaultMaxSessions = 1000

/** How many evicted ids are remembered, so that their next request says they were evicted. */
export const rememberedEvictions = 10_000

/** What the sessions of a mock hold, for the functions below. */
interface SessionsRecord {
  readonly options: SessionsOptions
  /** Its order is the order of use: the first key is the one to drop. */
  readonly sessions: Map<string, Session>
  /** Insertion order is eviction order: the first is the one forgotten first. */
  readonly evicted: Set<string>
  readonly forget: (id: string) => void
  /** The session used last, at the end of `sessions`' order; null after a delete. */
  newest: Session | null
}

/**
 * The sessions of a mock. A new one branches from the start of the shared state's current
 * scenario: it shares every entity (copy on write, see SnapshotMap), so it costs a few objects
 * until it writes.
 */
export function createSessions(options: SessionsOptions): Sessions {
  const { shared, max } = options
  if (!Number.isInteger(max) || max < 1) {
    throw new Error(
      `Failed to create the mock: maxSessions must be a whole number of at least 1, got ${max}`,
    )
  }
  const record: SessionsRecord = {
    options,
    sessions: new Map(),
    evicted: new Set(),
    forget: options.forget ?? (() => undefined),
    newest: null,
  }
  return {
    shared,
    max,
    get size() {
      return record.sessions.size
    },
    get: (id) => (id === null ? shared : useSession(record, id)),
    peek: (id) => (id === null ? shared : (record.sessions.get(id) ?? shared)),
    list: (limit) => listSessions(record, limit),
    delete: (id) => deleteSession(record, id),
    clear: () => clearSessions(record),
  }
}

/** A session's state for a request: made on first use, moved to the end of the order. */
function useSession(record: SessionsRecord, id: string): Session {
  const { sessions } = record
  let session = sessions.get(id)
  if (session && record.newest === session) {
    // The session of the last request, at the end of the order already: most requests of a
    // test or a page come in one session, and keep it there without a delete and a set.
    session.lastUsedAt = Date.now()
    session.requests += 1
    return session
  }
  if (session) {
    sessions.delete(id)
    session.lastUsedAt = Date.now()
  } else {
    if (sessions.size >= record.options.max) {
      evictSession(record, sessions.keys().next().value as string)
    }
    session = makeSession(record, id)
  }
  sessions.set(id, session)
  record.newest = session
  session.requests += 1
  return session
}

function evictSession(record: SessionsRecord, id: string): void {
  const { evicted } = record
  record.newest = null
  record.sessions.delete(id)
  record.forget(id)
  evicted.delete(id)
  evicted.add(id)
  if (evicted.size > rememberedEvictions) evicted.delete(evicted.values().next().value as string)
}

/** A new session from the start of the shared state's scenario, warned if it was evicted. */
function makeSession(record: SessionsRecord, id: string): Session {
  const { shared, catalogue, max, notices } = record.options
  const scenario = shared.scenarios.current
  const store = shared.store.branch(catalogue.start(scenario))
  const rules: RequestRules = {
    faults: createFaultRules(record.options.random, record.options.maxFaultRules),
    latency: null,
  }
  catalogue.applyRules(scenario, rules)
  const scenarios = createScenarioControl(catalogue, store, rules, scenario)
  const session = newSession(id, store, scenarios, rules)
  if (record.evicted.delete(id)) {
    session.warning =
      `Session '${id}' was evicted (more than ${max} sessions, the least recently used goes) ` +
      `and started again from the start of scenario '${scenario}': what it held is gone`
    notices?.add('info', session.warning)
  }
  return session
}

function listSessions(record: SessionsRecord, limit = record.sessions.size): SessionInfo[] {
  // The Map runs oldest first: the ones before the last `limit` are skipped, not copied.
  let skip = record.sessions.size - limit
  const listed: SessionInfo[] = []
  for (const session of record.sessions.values()) {
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
}

function deleteSession(record: SessionsRecord, id: string): boolean {
  // Dropped on purpose: its next request is a new session, with nothing to warn about.
  record.evicted.delete(id)
  record.forget(id)
  record.newest = null
  return record.sessions.delete(id)
}

function clearSessions(record: SessionsRecord): void {
  for (const id of record.sessions.keys()) record.forget(id)
  record.sessions.clear()
  record.evicted.clear()
  record.newest = null
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
