import { toResponse, withAnswerHeaders } from './answer/answer.ts'
import { internalErrorAnswer, notFoundAnswer } from './answer/errors.ts'
import { answerOperation, pipelineOf } from './pipeline.ts'
import type { Answered } from './request-context.ts'
import {
  contextOf,
  exchangeOf,
  noRoute,
  requestBody,
  type ContextSource,
  type Incoming,
  type ServiceCall,
} from './per-request.ts'
import { requestMethod } from './route/request-target.ts'
import type { RequestBody } from './request/request-body.ts'
import { unmatchedAnswer } from './route/unmatched-answer.ts'
import type { SurfacePage } from './surface.ts'
import { createFallBack } from './fallback.ts'
import { fetchHost, sessionOf } from './request-record.ts'
import type { NegotiationMemo } from './answer/negotiate.ts'
import { compileRoutes, hasRoute, matchRoute } from './route/route-table.ts'
import { controlPath } from './route/mock-paths.ts'
import type { Answerer, Dispatch, DispatchOptions } from './dispatch-options.ts'
import { lazyMissFinder } from './route/lazy-miss-finder.ts'
import { unmatchedResponse } from './route/unmatched-response.ts'

export type {
  Answered,
  Answerer,
  ControlResolver,
  Dispatch,
  DispatchHooks,
  DispatchOptions,
  Interception,
} from './dispatch-options.ts'

export { controlPath }

/**
 * The one entry point of every runtime (msw handlers, the Hono app, tests): the operations and
 * ServiceStack's pages under the base path, the control routes under `/__mock`, and what none
 * of them takes to the fallbacks. It never lets an exception out. Each kind of answer is one
 * function below; this reads as their table of contents.
 */
export function createDispatch(options: DispatchOptions): Dispatch {
  const answer = createAnswerer(options)
  return async (request, host) => {
    const answered = await answer(request, host)
    return answered?.unmatched ? undefined : answered?.response
  }
}

/** The dispatch, with the exchange of each answer handed back (see `Answered`). */
export function createAnswerer(options: DispatchOptions): Answerer {
  const { config } = options
  const pipeline = pipelineOf(options.stages)
  const hooks = pipeline
  const storeFor = pipeline.store
  const fallbacks = options.fallbacks ?? []
  const passthrough = options.passthrough ?? new Set<string>()
  const table = compileRoutes(options.operations)
  const basePrefix = `${config.basePath.toLowerCase()}/`
  const basePrefixAsConfigured = `${config.basePath}/`
  const source: ContextSource = { config, negotiations: new Map() as NegotiationMemo }
  const run = { pipeline, source }
  const findMiss = lazyMissFinder(table, config.basePath)
  const fallBack = createFallBack({
    fallbacks,
    hooks,
    // The session's store, as for an operation: its fault rules and latency apply.
    context: (falling) =>
      contextOf(
        {
          ...falling,
          route: noRoute,
          operationName: 'ErrorResponse',
          store: storeFor(falling.session),
        },
        source,
      ),
  })

  /** A request under the base path: an operation, a page, a fallback, or the host's 404. */
  const answerService = async (incoming: Incoming): Promise<Answered | undefined> => {
    const { request, host, target } = incoming
    const rest = target.path.slice(basePrefix.length)
    let made: RequestBody | undefined
    // A body read before the route is known keeps its bytes if a fallback may forward them.
    const body = (): RequestBody =>
      (made ??= requestBody(request, host, config, fallbacks.length > 0))
    // A form's override can change the answer only where some verb reaches an operation:
    // elsewhere the form stays unread, and streams on to a fallback.
    const form = (): RequestBody | undefined => (hasRoute(table, rest) ? body() : undefined)
    const overridden = requestMethod(request, host, target.query, form)
    const verb = typeof overridden === 'string' ? overridden : await overridden
    const match = matchRoute(table, verb, rest)
    const { selected } = host
    const session = sessionOf(host)
    const call: ServiceCall = {
      ...incoming,
      rest,
      selected,
      session,
      bodyReader: body,
      bodyIfMade: () => made,
    }
    if (match && !passthrough.has(match.operation.requestDto.name))
      return answerOperation(call, match, run)
    const page = match ? undefined : options.surface?.(rest)
    if (page) return answerPage(call, page)
    const fallen = await fallBack({ ...call, body: body() })
    if (fallen) return fallen
    return match ? answerOperation(call, match, run) : answerUnmatched(call, verb)
  }

  /** One of ServiceStack's own pages (native types, metadata). */
  const answerPage = async (call: ServiceCall, page: SurfacePage): Promise<Answered> => {
    const { route, name } = page
    const store = storeFor(call.session)
    const ctx = contextOf({ ...call, route, operationName: name, store, body: undefined }, source)
    const answer = await page.answer(ctx)
    const exchange = exchangeOf({ incoming: call, ctx, session: call.session, answer })
    hooks.after(exchange)
    return { response: toResponse(answer, call.host.answerHeaders), exchange }
  }

  /**
   * What nothing took: the real host's answers to such a path (a 405, a warned 404, the 404),
   * the 404 with the mock's word on what the request was near (route/near-misses.ts).
   */
  const answerUnmatched = async (call: ServiceCall, method: string): Promise<Answered> => {
    const store = storeFor(call.session)
    const { answer, respond } = unmatchedAnswer(table, call.rest, config.basePath, (route, name) =>
      contextOf({ ...call, route, operationName: name, store, body: call.bodyIfMade() }, source),
    )
    if (respond) {
      const exchange = exchangeOf({ incoming: call, ctx: null, session: call.session, answer })
      hooks.after(exchange)
      return { response: toResponse(answer, call.host.answerHeaders), exchange }
    }
    const miss = await findMiss({ method, path: call.target.path, rest: call.rest })
    return unmatchedResponse({ call, answer, miss, hooks })
  }

  /** The mock's own routes under `/__mock`: not journaled. */
  const answerControl = async ({ request, host }: Incoming): Promise<Answered | undefined> => {
    const response = await options.control(request, new URL(request.url), host)
    return response && { response: withAnswerHeaders(response, host.answerHeaders), exchange: null }
  }

  /**
   * A path outside the base path and `/__mock`: only a fallback (the proxy) may take it; else,
   * a service path with its base path left out or mistyped is said so, and any other is not ours.
   */
  const answerOutside = async (incoming: Incoming): Promise<Answered | undefined> => {
    const { request, host, target } = incoming
    const session = sessionOf(host)
    if (fallbacks.length > 0) {
      const body = requestBody(request, host, config, true)
      const fallen = await fallBack({ ...incoming, session, body })
      if (fallen) return fallen
    }
    const miss = await findMiss({ method: request.method, path: target.path, rest: null })
    if (miss === undefined) return undefined
    const call = { ...incoming, session }
    return unmatchedResponse({ call, answer: notFoundAnswer(), miss, hooks })
  }

  return async (request, host = fetchHost(request)) => {
    try {
      const { target } = host
      const { path } = target
      const incoming = { request, host, target, startedAt: Date.now(), started: performance.now() }
      // Clients almost always write the base path as configured: matched without lower-casing.
      if (path.startsWith(basePrefixAsConfigured) || path.toLowerCase().startsWith(basePrefix))
        return await answerService(incoming)
      if (path === controlPath || path.startsWith(`${controlPath}/`))
        return await answerControl(incoming)
      return await answerOutside(incoming)
    } catch (error) {
      console.error(
        'restapi-mock: unexpected error while answering',
        request.method,
        request.url,
        error,
      )
      return {
        response: toResponse(internalErrorAnswer(error), host.answerHeaders),
        exchange: null,
      }
    }
  }
}
