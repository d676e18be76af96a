/**
 * The records one request is carried in, made once each (beside the request record the host
 * built, request-record.ts): the request as the dispatch sees it (`Incoming`, `ServiceCall`), the context an operation is
 * written with, and the exchange the journal and the log read afterwards.
 */
import type { Store } from '../store/index.ts'
import { systemClock, type MockConfig } from './config.ts'
import type { Format, PathExtension } from './formats/format.ts'
import { defaultWriteOptions, parseJsConfig } from './formats/jsconfig.ts'
import { negotiate, type NegotiationMemo } from './formats/format.ts'
import { RequestBody } from './request/request-body.ts'
import type { Answer } from './answer/respond.ts'
import type { ServiceError } from './answer/service-error.ts'
import type {
  Exchange,
  Interception,
  RequestContext,
  RequestHost,
  Warnings,
} from './request-context.ts'
import type { ActiveLogin } from './login-state.ts'
import type { SplitUrl } from './request-context.ts'
import { capList, cutText, listLimit, moreText, warningLimit } from './request/list-limit.ts'

/** What routing found out about a request: the format hints and the path's variables. */
export interface RouteFacts {
  readonly extension: PathExtension | null
  readonly firstSegment: string
  readonly predefinedFormat: Format | null
  readonly params: Readonly<Record<string, string>>
}

/** The facts of a request no operation took (a fallback's own error): no route, no hints. */
export const noRoute: RouteFacts = {
  extension: null,
  firstSegment: '',
  predefinedFormat: null,
  params: {},
}

/** What every context of one dispatch shares. */
export interface ContextSource {
  readonly config: MockConfig
  readonly negotiations: NegotiationMemo
}

/** What a context is made of: the request, where it was routed, and the state it works on. */
export interface ContextInput {
  readonly request: Request
  readonly host: RequestHost
  readonly target: SplitUrl
  readonly route: RouteFacts
  /** The request DTO's name: the CSV file name and the HTML page's title. */
  readonly operationName: string
  readonly session: string | null
  readonly store: Store
  /** The body, when something read it before the context was made. */
  readonly body?: RequestBody | undefined
  /** The state's login, for an operation behind the login wall (login-wall.ts). */
  readonly login?: ActiveLogin | null
}

/** The context an operation (or an error answer) is written with. */
export function contextOf(
  input: ContextInput,
  { config, negotiations }: ContextSource,
): RequestContext {
  const { request, host, target, route } = input
  const { contentType, headers } = host
  const jsconfig = target.query.size > 0 ? target.query.get('jsconfig') : null
  const negotiated = negotiate(
    {
      accept: host.accept,
      contentType,
      query: target.query,
      extension: route.extension,
      firstSegment: route.firstSegment,
      defaultFormat: config.defaultFormat,
    },
    negotiations,
  )
  return {
    request,
    host,
    session: input.session,
    store: input.store,
    config,
    path: target.path,
    query: target.query,
    contentType,
    body: input.body ?? requestBody(request, host, config),
    negotiated,
    // Read only where asked for: most requests carry no `?jsconfig=`.
    writeOptions: jsconfig ? parseJsConfig(jsconfig) : defaultWriteOptions,
    operationName: input.operationName,
    bodyFormat: route.predefinedFormat,
    params: route.params,
    // The system's clock is read here, as its own call would: most mocks keep the default.
    now: config.clock === systemClock ? new Date() : config.clock(),
    warnings: new WarningList(),
    login: input.login ?? null,
    header: (name) => headers.get(name) ?? null,
  }
}

/**
 * A request's body reader, within the configured limit; `keepBytes` where a fallback may forward
 * the body as it arrived.
 */
export function requestBody(
  request: Request,
  host: RequestHost,
  config: MockConfig,
  keepBytes = false,
): RequestBody {
  const { bodyBytes } = config.limits
  const { headers } = host
  const contentEncoding = headers.get('content-encoding') ?? null
  return new RequestBody(request, bodyBytes, headers.get('content-length') ?? null, {
    contentEncoding,
    keepBytes,
  })
}

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
  /** See `Exchange.miss`. */
  readonly miss?: string | undefined
}

/** An exchange answered by the operations (source `mock`): one object, made once. */
export function exchangeOf({
  incoming,
  ctx,
  session,
  answer,
  intercepted,
  miss,
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
    miss,
  }
}

/**
 * What the mock noticed in one request and let pass, for `X-Mock-Warning`, the journal and the
 * log. At most `listLimit` are kept; past that they are only counted, so a flood costs no memory.
 */
export class WarningList implements Warnings {
  readonly #kept: string[] = []
  #leftOut = 0

  /** Notes a warning, cut to `warningLimit` characters. */
  add(message: string): void {
    if (this.#kept.length < listLimit) this.#kept.push(cutText(message, warningLimit))
    else this.#leftOut++
  }

  /** Counts warnings that were left out before they were written (the binder's, past its cap). */
  addUnwritten(count: number): void {
    this.#leftOut += count
  }

  /** The warnings, the last saying how many more were left out (`… and 4900 more`). */
  get list(): readonly string[] {
    return capList(this.#kept, this.#leftOut, moreText)
  }

  /** How many there were in all, those left out included. */
  get count(): number {
    return this.#kept.length + this.#leftOut
  }
}
