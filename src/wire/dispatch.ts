import type { Store } from '../store/index.ts'
import { toResponse, withAnswerHeaders, type Answer } from './answer/answer.ts'
import type { MockConfig } from './config.ts'
import type { Operation } from './define-operation.ts'
import { errorResponse, internalErrorAnswer } from './answer/errors.ts'
import type { Exchange, Interception, RequestContext, RequestHost } from './request-context.ts'
import { contextOf, noRoute, requestBody, type ContextSource } from './context-of.ts'
import { requestMethod } from './route/method-override.ts'
import type { RequestBody } from './request/request-body.ts'
import { unmatchedAnswer } from './route/unmatched-answer.ts'
import type { Surface } from './surface.ts'
import { runOperation } from './run-operation.ts'
import { createFallBack, type Fallback } from './fallback.ts'
import type { NegotiationMemo } from './answer/negotiate.ts'
import { fetchHost } from './fetch-host.ts'
import { compileRoutes, hasRoute, matchRoute } from './route/route-table.ts'
import { ServiceError } from './answer/service-error.ts'
import { readSessionId } from './route/session-selector.ts'
import { splitUrl } from './route/split-url.ts'

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

export type { Interception } from './request-context.ts'

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
  readonly hooks: DispatchHooks
  /** What answers what the operations do not, in order: a recording, the real host. */
  readonly fallbacks?: readonly Fallback[]
  /** Operations (request DTO names) handed to the fallbacks first, as if the mock had none. */
  readonly passthrough?: ReadonlySet<string>
  /** ServiceStack's own pages under the base path (native types, metadata), after the operations. */
  readonly surface?: Surface
}

/** Where the mock's own routes live, beside the service. */
export const controlPath = '/__mock'

/**
 * The one entry point of every runtime (msw handlers, the Hono app, tests): routes a request
 * under the base path to its operation, the control routes under `/__mock`, what no operation
 * takes to the fallbacks, and never lets an exception out.
 */
export function createDispatch(options: DispatchOptions): Dispatch {
  const { config, hooks, storeFor } = options
  const fallbacks = options.fallbacks ?? []
  const passthrough = options.passthrough ?? new Set<string>()
  const table = compileRoutes(options.operations)
  const basePrefix = `${config.basePath.toLowerCase()}/`
  const basePrefixAsConfigured = `${config.basePath}/`
  const negotiations: NegotiationMemo = new Map()
  const source: ContextSource = { config, negotiations }
  const fallBack = createFallBack({
    fallbacks,
    hooks,
    // The session's store, as for an operation: its fault rules and latency apply.
    context: ({ request, host, target, session, body }) =>
      contextOf(
        request,
        host,
        target,
        noRoute,
        'ErrorResponse',
        session,
        storeFor(session),
        source,
        body,
      ),
  })

  return async (request, host = fetchHost(request)) => {
    try {
      const target = splitUrl(request.url)
      const { path } = target
      const startedAt = Date.now()
      const started = performance.now()
      // Clients almost always write the base path as configured: matched without lower-casing.
      if (path.startsWith(basePrefixAsConfigured) || path.toLowerCase().startsWith(basePrefix)) {
        const rest = path.slice(basePrefix.length)
        let body: RequestBody | undefined
        // A body read before the route is known keeps its bytes if a fallback may forward them.
        const bodyOf = (): RequestBody =>
          (body ??= requestBody(request, host, config, fallbacks.length > 0))
        // A form's override can change the answer only where some verb reaches an operation:
        // elsewhere the form stays unread, and streams on to a fallback.
        const form = (): RequestBody | undefined => (hasRoute(table, rest) ? bodyOf() : undefined)
        const verb = requestMethod(request, host, target.query, form)
        const match = matchRoute(table, typeof verb === 'string' ? verb : await verb, rest)
        const selected = readSessionId(host, target.query, host.session)
        const session = selected instanceof ServiceError ? null : selected
        const page = match ? undefined : options.surface?.(rest)
        if (page) {
          const { route, name } = page
          const ctx = contextOf(
            request,
            host,
            target,
            route,
            name,
            session,
            storeFor(session),
            source,
          )
          const answer = await page.answer(ctx)
          hooks.after(exchangeOf(request, host, ctx, session, answer, startedAt, started))
          return toResponse(answer, host.answerHeaders)
        }
        if (!match || passthrough.has(match.operation.requestDto.name)) {
          const fallen = await fallBack({
            request,
            host,
            target,
            session,
            body: bodyOf(),
            startedAt,
            started,
          })
          if (fallen) return fallen
        }
        if (!match) {
          const store = storeFor(session)
          const { answer, respond } = unmatchedAnswer(table, rest, config.basePath, (route, name) =>
            contextOf(request, host, target, route, name, session, store, source, body),
          )
          hooks.after(exchangeOf(request, host, null, session, answer, startedAt, started))
          return respond ? toResponse(answer, host.answerHeaders) : undefined
        }
        const name = match.operation.requestDto.name
        const store = storeFor(session)
        const ctx = contextOf(request, host, target, match, name, session, store, source, body)
        let answer: Answer | null
        let intercepted: Interception | undefined
        if (selected instanceof ServiceError) {
          answer = errorResponse(ctx, selected)
        } else {
          // Nothing asked for is no promise: no extra turn of the microtask queue per request.
          const pending = hooks.before(ctx)
          intercepted = pending && (await pending)
          answer =
            intercepted?.answer !== undefined ? intercepted.answer : await runOperation(ctx, match)
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
      if (fallbacks.length === 0) return undefined
      const selected = readSessionId(host, target.query, host.session)
      const session = selected instanceof ServiceError ? null : selected
      return await fallBack({
        request,
        host,
        target,
        session,
        body: requestBody(request, host, config, true),
        startedAt,
        started,
      })
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
}

/** An exchange answered by the operations (source `mock`): one object, made once. */
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
    source: 'mock',
    answer,
    startedAt,
    durationMs: performance.now() - started,
    delayMs: intercepted?.delayMs ?? 0,
    fault: intercepted?.fault ?? (answer === null ? 'network' : null),
  }
}
