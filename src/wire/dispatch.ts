import type { Store } from '../store/index.ts'
import { toResponse, withAnswerHeaders, type Answer } from './answer.ts'
import type { MockConfig } from './config.ts'
import type { Operation } from './define-operation.ts'
import { errorResponse, internalErrorAnswer, notFoundAnswer } from './errors.ts'
import type { Exchange, RequestContext, RequestHost } from './request-context.ts'
import { parseJsConfig } from './formats/jsconfig.ts'
import { negotiate, type NegotiationMemo } from './negotiate.ts'
import { RequestBody } from './request-body.ts'

import { fetchHost } from './fetch-host.ts'
import { compileRoutes, matchRoute, type RouteMatch } from './route-table.ts'
import { ServiceError } from './service-error.ts'
import { readSessionId } from './session-selector.ts'
import { splitUrl, type SplitUrl } from './split-url.ts'
import { WarningList } from './warning-list.ts'

/**
 * Answers a request, or `undefined` when no route of the mock matches it, so another handler
 * may take it; a caller with none answers the real host's plain `404`.
 */
export type Dispatch = (request: Request, host?: RequestHost) => Promise<Response | undefined>

/** A route of the mock's own (`/__mock/...`): a plain request-to-response function. */
export type ControlResolver = (
  request: Request,
  url: URL,
  host: RequestHost,
) => Promise<Response | undefined>

/** What a simulated fault or added latency made of a request before its operation ran. */
export interface Interception {
  readonly delayMs: number
  readonly fault: string | null
  /** The answer instead of the operation's; null for a network error; absent: the operation runs. */
  readonly answer?: Answer | null
}

/** What runs around every operation, kept out of the dispatch: latency, faults, the journal. */
export interface DispatchHooks {
  /** Runs before the operation; undefined (not a promise) when nothing is asked for. */
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
  readonly hooks: DispatchHooks
}

/** Where the mock's own routes live, beside the service. */
export const controlPath = '/__mock'

/**
 * The one entry point of every runtime (msw handlers, the Hono app, tests): routes a request
 * under the base path to its operation, the control routes under `/__mock`, and never lets an
 * exception out.
 */
export function createDispatch(options: DispatchOptions): Dispatch {
  const { config, hooks } = options
  const table = compileRoutes(options.operations)
  const basePrefix = `${config.basePath.toLowerCase()}/`
  const basePrefixAsConfigured = `${config.basePath}/`
  const negotiations: NegotiationMemo = new Map()

  return async (request, host = fetchHost(request)) => {
    try {
      const target = splitUrl(request.url)
      const { path } = target
      // Clients almost always write the base path as configured: matched without lower-casing.
      if (path.startsWith(basePrefixAsConfigured) || path.toLowerCase().startsWith(basePrefix)) {
        const startedAt = Date.now()
        const started = performance.now()
        const match = matchRoute(table, request.method, path.slice(basePrefix.length))
        const selected = readSessionId(host, target.query, host.session)
        const session = selected instanceof ServiceError ? null : selected
        if (!match) {
          const answer = notFoundAnswer()
          hooks.after(exchangeOf(request, host, null, session, answer, startedAt, started))
          return undefined
        }
        const ctx = createContext(request, host, target, match, session)
        let answer: Answer | null
        let intercepted: Interception | undefined
        if (selected instanceof ServiceError) {
          answer = errorResponse(ctx, selected)
        } else {
          // Nothing asked for is no promise: no extra turn of the microtask queue per request.
          const pending = hooks.before(ctx)
          intercepted = pending && (await pending)
          answer = intercepted?.answer !== undefined ? intercepted.answer : await run(ctx, match)
        }
        const exchange = exchangeOf(
          request,
          host,
          ctx,
          session,
          answer,
          startedAt,
          started,
          intercepted,
        )
        const response = answer === null ? Response.error() : toResponse(answer, host.answerHeaders)
        hooks.after(exchange)
        host.answered?.(exchange)
        return response
      }
      if (path === controlPath || path.startsWith(`${controlPath}/`)) {
        const response = await options.control(request, new URL(request.url), host)
        return response && withAnswerHeaders(response, host.answerHeaders)
      }
      return undefined
    } catch (error) {
      console.error(
        'restapi-mock: unexpected error while answering',
        request.method,
        request.url,
        error,
      )
      return toResponse(internalErrorAnswer(error), host.answerHeaders)
    }
  }

  function createContext(
    request: Request,
    host: RequestHost,
    { path, query }: SplitUrl,
    match: RouteMatch<Operation>,
    session: string | null,
  ): RequestContext {
    const contentType = host.header('content-type')
    const negotiated = negotiate(
      {
        accept: host.header('accept'),
        contentType,
        query,
        extension: match.extension,
        firstSegment: match.firstSegment,
        defaultFormat: config.defaultFormat,
      },
      negotiations,
    )
    return {
      request,
      host,
      session,
      store: options.storeFor(session),
      config,
      path,
      query,
      contentType,
      body: new RequestBody(request, config.limits.bodyBytes, host.header('content-length')),
      negotiated,
      writeOptions: parseJsConfig(query.get('jsconfig')),
      operationName: match.operation.requestDto.name,
      bodyFormat: match.predefinedFormat,
      params: match.params,
      now: config.clock(),
      warnings: new WarningList(),
      header: (name) => host.header(name),
    }
  }
}

function exchangeOf(
  request: Request,
  host: RequestHost,
  ctx: RequestContext | null,
  session: string | null,
  answer: Answer | null,
  startedAt: number,
  started: number,
  intercepted?: Interception,
): Exchange {
  return {
    request,
    host,
    ctx,
    session,
    answer,
    startedAt,
    durationMs: performance.now() - started,
    delayMs: intercepted?.delayMs ?? 0,
    fault: intercepted?.fault ?? (answer === null ? 'network' : null),
  }
}

/** Runs the matched operation; a pre-defined route reaches the service whatever the verb. */
function run(
  ctx: RequestContext,
  { operation, predefinedFormat }: RouteMatch<Operation>,
): Promise<Answer> | Answer {
  if (predefinedFormat === null || operation.method === ctx.request.method)
    return operation.run(ctx)
  // The service has no method for this verb.
  const verb = ctx.request.method.charAt(0) + ctx.request.method.slice(1).toLowerCase()
  const name = operation.requestDto.name
  return errorResponse(
    ctx,
    new ServiceError(
      405,
      'NotImplementedException',
      `Could not find method named ${verb}(${name}) or Any(${name}) on Service ${name}Service`,
    ),
  )
}
