import type { Store } from '../store/index.ts'
import type { MockConfig } from './config.ts'
import type { Operation } from './define-operation.ts'
import type { Fallback } from './fallback.ts'
import type {
  Answered,
  Exchange,
  Interception,
  RequestContext,
  RequestHost,
} from './request-context.ts'
import type { Surface } from './surface.ts'
import type { ActiveLogin } from './login-state.ts'

// What the dispatch is made from and what it is: its options and the shapes of its answers.

/**
 * Answers a request, or `undefined` when no route of the mock matches it, so another handler
 * may take it; a caller with none answers the real host's plain `404`.
 */
export type Dispatch = (request: Request, host?: RequestHost) => Promise<Response | undefined>

/** The dispatch with what it recorded: the Node server's request log reads the exchange. */
export type Answerer = (request: Request, host?: RequestHost) => Promise<Answered | undefined>

/** A route of the mock's own (`/__mock/...`): a plain request-to-response function. */
export type ControlResolver = (
  request: Request,
  url: URL,
  host: RequestHost,
) => Promise<Response | undefined>

export type { Answered, Interception } from './request-context.ts'

/** What runs around every answer, kept out of the dispatch: latency, faults, the journal. */
export interface DispatchHooks {
  /** Runs before the operation or a fallback; undefined (not a promise) when nothing is asked for. */
  before(ctx: RequestContext): Promise<Interception> | undefined
  /** Sees every request under the base path and what was answered. */
  after(exchange: Exchange): void
}

export interface DispatchOptions {
  readonly operations: readonly Operation[]
  readonly control: ControlResolver
  readonly config: MockConfig
  /** The state a request works on: the shared one (null) or its session's, made on first use. */
  readonly storeFor: (session: string | null) => Store
  /**
   * The login of that state when its wall is up (`--auth claims|forms`), else null; asked only
   * for an operation that demands a back-end user. Absent: no wall.
   */
  readonly loginFor?: (session: string | null) => ActiveLogin | null
  readonly hooks: DispatchHooks
  /** What answers what the operations do not, in order: a recording, the real host. */
  readonly fallbacks?: readonly Fallback[]
  /** Operations (request DTO names) handed to the fallbacks first, as if the mock had none. */
  readonly passthrough?: ReadonlySet<string>
  /** ServiceStack's own pages under the base path (native types, metadata), after the operations. */
  readonly surface?: Surface
}
