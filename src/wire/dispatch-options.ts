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
import type { Stage } from './stage.ts'

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

/** The stages' steps around every answer (pipeline.ts gathers them): sessions, latency, faults, the journal. */
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
  /**
   * What a request meets besides its operation, in order: the state it works on (sessions), the
   * login wall, latency, faults, the journal; a runtime adds its own (pipeline.ts runs them).
   */
  readonly stages: readonly Stage[]
  /** What answers what the operations do not, in order: a recording, the real host. */
  readonly fallbacks?: readonly Fallback[]
  /** Operations (request DTO names) handed to the fallbacks first, as if the mock had none. */
  readonly passthrough?: ReadonlySet<string>
  /** ServiceStack's own pages under the base path (native types, metadata), after the operations. */
  readonly surface?: Surface
}
