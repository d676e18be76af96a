import type { Notices } from '../control/index.ts'
import type { Store } from '../store/index.ts'
import type { LoginState } from '../wire/index.ts'
import type { NamedSnapshot } from './routes/snapshot-names.ts'
import type { RequestRules, ScenarioCatalogue, ScenarioControl } from './scenarios.ts'

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
