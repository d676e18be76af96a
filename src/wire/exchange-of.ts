import type { Answer } from './answer/answer.ts'
import type { Exchange, Interception, RequestContext, RequestHost } from './request-context.ts'
import type { RequestBody } from './request/request-body.ts'
import type { ServiceError } from './answer/service-error.ts'
import type { SplitUrl } from './route/split-url.ts'

/** One request as the dispatch sees it, made once: what every step below reads. */
export interface Incoming {
  readonly request: Request
  readonly host: RequestHost
  readonly target: SplitUrl
  /** When it arrived, in epoch ms, and `performance.now()` then. */
  readonly startedAt: number
  readonly started: number
}

/** A request under the base path, once routing has looked at it. */
export interface ServiceCall extends Incoming {
  /** The path below the base path. */
  readonly rest: string
  /** The session it names, or the 400 a bad selector gets (then it works on the shared state). */
  readonly selected: string | null | ServiceError
  readonly session: string | null
  /** The body's one reader, made on first use and shared by all that read it. */
  readonly bodyReader: () => RequestBody
  /** The reader if something made it already (the method override), else undefined. */
  readonly bodyIfMade: () => RequestBody | undefined
}

/** What an exchange is made of: the request, its context and answer, and what intercepted it. */
interface ExchangeInput {
  readonly incoming: Incoming
  readonly ctx: RequestContext | null
  readonly session: string | null
  readonly answer: Answer | null
  readonly intercepted?: Interception | undefined
}

/** An exchange answered by the operations (source `mock`): one object, made once. */
export function exchangeOf({
  incoming,
  ctx,
  session,
  answer,
  intercepted,
}: ExchangeInput): Exchange {
  return {
    request: incoming.request,
    host: incoming.host,
    ctx,
    session,
    source: 'mock',
    answer,
    startedAt: incoming.startedAt,
    durationMs: performance.now() - incoming.started,
    delayMs: intercepted?.delayMs ?? 0,
    fault: intercepted?.fault ?? (answer === null ? 'network' : null),
  }
}
