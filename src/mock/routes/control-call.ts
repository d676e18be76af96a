import type { ControlState } from '../../control/interceptor.ts'
import type { Fallback, MockConfig, Operation, RequestHost } from '../../wire/index.ts'
import type { ScenarioCatalogue } from '../scenarios.ts'
import type { Session, Sessions } from '../sessions.ts'
import type { MockPageMaker } from '../mock-page.ts'

export interface ControlDeps {
  readonly fallbacks: readonly Fallback[]
  readonly passthrough: Set<string>
  readonly operations: readonly Operation[]
  readonly sessions: Sessions
  readonly catalogue: ScenarioCatalogue
  readonly config: MockConfig
  /** The journal, and the shared state's latency and fault rules. */
  readonly state: ControlState
  /** How many named snapshots each state may keep at once. */
  readonly maxSnapshots: number
  /**
   * The mock's own pages and documents, built by the caller from its operations. Async: their
   * code loads on the first request for them, so a page that never asks does not carry it.
   */
  readonly openApi: () => Promise<object>
  /** The page `GET /__mock` answers, as the entry point handed it in (the dashboard). */
  readonly dashboard: MockPageMaker | undefined
  readonly version: string
  /** Names redacted in the journal's views besides the built-in ones (`--redact`). */
  readonly redact: readonly string[]
}

/** One request to a control route that belongs to no state (the pages, the session list). */
export interface GlobalCall {
  readonly request: Request
  readonly url: URL
  readonly host: RequestHost
  /** The route's path variables (`{id}`, `{name*}`), decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly deps: ControlDeps
}

/** One request to a control route of a state: the session it names, or the shared state. */
export interface StateCall extends GlobalCall {
  readonly session: Session
}

/**
 * A control route as data: matched by the route table as the operations are. A global route
 * belongs to no state; `global` says what one that is the same for every session does, and a
 * request that names a session is then refused rather than quietly changing it for everyone.
 */
export type ControlRow =
  | {
      readonly method: string
      readonly route: string
      readonly scope: 'global'
      /** What it does, for the refusal of a request that names a session; absent: any may. */
      readonly global?: string
      answer(call: GlobalCall): Response | undefined | Promise<Response | undefined>
    }
  | {
      readonly method: string
      readonly route: string
      readonly scope: 'state'
      answer(call: StateCall): Response | undefined | Promise<Response | undefined>
    }
