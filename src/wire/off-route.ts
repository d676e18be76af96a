// What the pipeline (pipeline.ts) answers off an operation's route: ServiceStack's own pages,
// the control routes under /__mock, the fallbacks, the real host's 404 with the mock's word on
// it. Each is one function over the dispatch's parts, made once.
import { withAnswerHeaders } from './answer/answer-headers.ts'
import { toResponse } from './answer/respond.ts'
import { internalErrorAnswer, notFoundAnswer } from './answer/errors.ts'
import type { Operation } from './define-operation.ts'
import type { DispatchOptions } from './dispatch-options.ts'
import { createFallBack, type FallBack, type Fallback } from './fallback.ts'
import type { NegotiationMemo } from './formats/format.ts'
import {
  contextOf,
  exchangeOf,
  noRoute,
  requestBody,
  type ContextSource,
  type Incoming,
  type ServiceCall,
} from './per-request.ts'
import type { Pipeline } from './stage.ts'
import type { Answered, RequestHost } from './request-context.ts'
import { sessionOf } from './request-record.ts'
import { controlPath } from './route/mock-paths.ts'
import { lazyMissFinder, type LoadingMissFinder } from './route/lazy-miss-finder.ts'
import { compileRoutes, type RouteMatch, type RouteTable } from './route/route-table.ts'
import { unmatchedAnswer } from './route/unmatched-answer.ts'
import { unmatchedResponse } from './route/unmatched-response.ts'
import type { SurfacePage } from './surface.ts'

/** The parts of one dispatch every answer reads: made once, when the dispatch is. */
export interface OffRoute {
  readonly options: DispatchOptions
  readonly config: DispatchOptions['config']
  readonly pipeline: Pipeline
  readonly table: RouteTable<Operation>
  readonly source: ContextSource
  readonly fallbacks: readonly Fallback[]
  readonly passthrough: ReadonlySet<string>
  readonly fallBack: FallBack
  readonly findMiss: LoadingMissFinder
  /** The base path and `/`, lower-cased and as configured. */
  readonly basePrefix: string
  readonly basePrefixAsConfigured: string
}

/** The parts of a dispatch made from its options and its stages. */
export function offRoute(options: DispatchOptions, pipeline: Pipeline): OffRoute {
  const { config } = options
  const source: ContextSource = { config, negotiations: new Map() as NegotiationMemo }
  const table = compileRoutes(options.operations)
  const fallbacks = options.fallbacks ?? []
  const fallBack = createFallBack({
    fallbacks,
    hooks: pipeline,
    // The session's store, as for an operation: its fault rules and latency apply.
    context: (falling) =>
      contextOf(
        {
          ...falling,
          route: noRoute,
          operationName: 'ErrorResponse',
          store: pipeline.store(falling.session),
        },
        source,
      ),
  })
  return {
    options,
    config,
    pipeline,
    table,
    source,
    fallbacks,
    passthrough: options.passthrough ?? new Set<string>(),
    fallBack,
    findMiss: lazyMissFinder(table, config.basePath),
    basePrefix: `${config.basePath.toLowerCase()}/`,
    basePrefixAsConfigured: `${config.basePath}/`,
  }
}

/**
 * A request under the base path no operation takes (or one passed through): a page, a
 * fallback, or the host's 404. Undefined for a passed-through operation no fallback took: it
 * runs after all.
 */
export async function answerOffRoute(
  parts: OffRoute,
  call: ServiceCall,
  match: RouteMatch<Operation> | undefined,
  verb: string,
): Promise<Answered | undefined> {
  const page = match ? undefined : parts.options.surface?.(call.rest)
  if (page) return answerPage(parts, call, page)
  const fallen = await parts.fallBack({ ...call, body: call.bodyReader() })
  if (fallen) return fallen
  return match ? undefined : answerUnmatched(parts, call, verb)
}

/** One of ServiceStack's own pages (native types, metadata). */
async function answerPage(
  parts: OffRoute,
  call: ServiceCall,
  page: SurfacePage,
): Promise<Answered> {
  const { route, name } = page
  const store = parts.pipeline.store(call.session)
  const ctx = contextOf(
    { ...call, route, operationName: name, store, body: undefined },
    parts.source,
  )
  const answer = await page.answer(ctx)
  const exchange = exchangeOf({ incoming: call, ctx, session: call.session, answer })
  parts.pipeline.after(exchange)
  return { response: toResponse(answer, call.host.answerHeaders), exchange }
}

/**
 * What nothing took: the real host's answers to such a path (a 405, a warned 404, the 404),
 * the 404 with the mock's word on what the request was near (route/near-misses.ts).
 */
async function answerUnmatched(
  parts: OffRoute,
  call: ServiceCall,
  method: string,
): Promise<Answered> {
  const { pipeline, source, table, config } = parts
  const store = pipeline.store(call.session)
  const { answer, respond } = unmatchedAnswer(table, call.rest, config.basePath, (route, name) =>
    contextOf({ ...call, route, operationName: name, store, body: call.bodyIfMade() }, source),
  )
  if (respond) {
    const exchange = exchangeOf({ incoming: call, ctx: null, session: call.session, answer })
    pipeline.after(exchange)
    return { response: toResponse(answer, call.host.answerHeaders), exchange }
  }
  const miss = await parts.findMiss({ method, path: call.target.path, rest: call.rest })
  return unmatchedResponse({ call, answer, miss, hooks: pipeline })
}

/**
 * A path outside the base path: the mock's own routes under `/__mock` (not journaled), else
 * only a fallback (the proxy) may take it; else, a service path with its base path left out or
 * mistyped is said so, and any other is not ours.
 */
export async function answerElsewhere(
  parts: OffRoute,
  incoming: Incoming,
): Promise<Answered | undefined> {
  const { request, host, target } = incoming
  if (target.path === controlPath || target.path.startsWith(`${controlPath}/`)) {
    const response = await parts.options.control(request, new URL(request.url), host)
    return response && { response: withAnswerHeaders(response, host.answerHeaders), exchange: null }
  }
  const session = sessionOf(host)
  if (parts.fallbacks.length > 0) {
    const body = requestBody(request, host, parts.config, true)
    const fallen = await parts.fallBack({ ...incoming, session, body })
    if (fallen) return fallen
  }
  const miss = await parts.findMiss({ method: request.method, path: target.path, rest: null })
  if (miss === undefined) return undefined
  const call = { ...incoming, session }
  return unmatchedResponse({ call, answer: notFoundAnswer(), miss, hooks: parts.pipeline })
}

/** An unexpected error's 500, in the host's headers, said on stderr; never a crash. */
export function internalError(error: unknown, request: Request, host: RequestHost): Answered {
  console.error(
    'restapi-mock: unexpected error while answering',
    request.method,
    request.url,
    error,
  )
  return { response: toResponse(internalErrorAnswer(error), host.answerHeaders), exchange: null }
}
