/**
 * The order a request goes through, and only here. Its host has made its record at the edge
 * (request-record.ts: verb, path, query, headers, session). Then:
 *
 *   0. admit    the stages' `admit` (the access checks): may answer first, a 403 or a preflight;
 *               then their `around`, which may hold the rest back (large bodies, read whole)
 *   1. route    under the base path, the operation its verb and path match (route/route-table.ts);
 *               anything else is answered off the route (off-route.ts): a ServiceStack page,
 *               a control route under /__mock, a fallback (a recording, the real host), the 404
 *   2. state    the stages' `store` (sessions) and `login` (the login wall)
 *   3. before   the stages' `before`, in order (sessions, latency, faults): may answer instead
 *   4. read     the operation's request, from the body, path and query (request/read-request.ts)
 *   5. resolve  the operation's `resolve`, on the state's store
 *   6. write    its answer in the negotiated format (answer/respond.ts)
 *   7. after    the stages' `after`, in order (the journal), with the exchange
 *   8. last     the stages' `last` (the Node server's own handlers, its 404): what nothing answered
 *   9. end      the stages' `end` (the log), with the response as sent, for every request
 *
 * `stageOrder` (stage.ts) names every stage a request can meet; the stages are declared where
 * the mock is composed (mock/stages.ts) and, for the Node server's own, at its edge
 * (node/server/node-edge.ts). Nothing is handed down for the core to call back up.
 */
import { errorResponse } from './answer/errors.ts'
import { respond, toResponse, type Answer } from './answer/respond.ts'
import { ServiceError } from './answer/service-error.ts'
import { stateFullError, type Operation } from './define-operation.ts'
import type { Answerer, DispatchOptions } from './dispatch-options.ts'
import { backendUserAnswer, protectedRouteAnswer } from './login-wall.ts'
import {
  answerElsewhere,
  answerOffRoute,
  internalError,
  offRoute,
  type OffRoute,
} from './off-route.ts'
import {
  contextOf,
  exchangeOf,
  requestBody,
  type Incoming,
  type ServiceCall,
} from './per-request.ts'
import { readRequest } from './request/read-request.ts'
import type { RequestBody } from './request/request-body.ts'
import type { Answered, Interception, RequestContext, RequestHost } from './request-context.ts'
import { fetchHost, sessionOf } from './request-record.ts'
import { formOverride } from './route/form-override.ts'
import { hasRoute, matchRoute, type RouteMatch } from './route/route-table.ts'
import { StateFullError } from '../store/index.ts'
import { restOfBefores, stagesBySteps, type Next, type Pipeline, type Stage } from './stage.ts'
import { notImplemented } from './answer/not-implemented.ts'

/** The stages by step, in `stageOrder`'s order whatever order they come in; each name once. */
export function pipelineOf(given: readonly Stage[]): Pipeline {
  const { befores, afters, ends, ...steps } = stagesBySteps(given)
  return {
    ...steps,
    before: befores.length === 1 ? (befores[0] as Stage['before'] & {}) : beforeAll(befores),
    after: (exchange) => {
      for (const after of afters) after(exchange)
    },
    end: ends.length === 0 ? undefined : (ended) => ends.forEach((end) => end(ended)),
  }
}

/** Several stages before: each in turn, until one answers instead of the operation. */
function beforeAll(
  befores: readonly NonNullable<Stage['before']>[],
): (ctx: RequestContext) => Promise<Interception> | undefined {
  if (befores.length === 0) return () => undefined
  return (ctx) => {
    for (let index = 0; index < befores.length; index += 1) {
      const pending = (befores[index] as NonNullable<Stage['before']>)(ctx)
      if (pending)
        return pending.then((first) => restOfBefores(first, ctx, befores.slice(index + 1)))
    }
    return undefined
  }
}

/**
 * The dispatch, with the exchange of each answer handed back: the one entry point of every
 * runtime (msw handlers, the Hono app, tests). It never lets an exception out.
 */
export function createAnswerer(options: DispatchOptions): Answerer {
  const parts = offRoute(options, pipelineOf(options.stages))
  const { pipeline } = parts
  const route = (request: Request, host: RequestHost): Promise<Answered | undefined> => {
    const { target } = host
    const incoming = { request, host, target, startedAt: Date.now(), started: performance.now() }
    // Step 1. Clients almost always write the base path as configured: no lower-casing then.
    const { path } = target
    if (
      path.startsWith(parts.basePrefixAsConfigured) ||
      path.toLowerCase().startsWith(parts.basePrefix)
    )
      return answerService(parts, incoming, path.slice(parts.basePrefix.length))
    return answerElsewhere(parts, incoming)
  }
  const inner = pipeline.around.reduceRight<Next>(
    (next, around) => (request, host) => around(request, host, next),
    route,
  )
  const answer = (request: Request, host: RequestHost): Promise<Answered | undefined> => {
    // Step 0.
    for (const admit of pipeline.admit) {
      const refused = admit(request, host)
      if (refused) return Promise.resolve({ response: refused, exchange: null })
    }
    return inner(request, host)
  }
  return async (request, host = fetchHost(request)) => {
    const started = pipeline.end ? performance.now() : 0
    let answered: Answered | undefined
    try {
      answered = await answer(request, host)
      // Step 8.
      for (const last of pipeline.last) {
        const made = last(request, host, answered)
        answered = made instanceof Promise ? await made : made
      }
    } catch (error) {
      answered = internalError(error, request, host)
    }
    // Step 9.
    if (answered && pipeline.end) {
      const { response, exchange, dropped } = answered
      pipeline.end({ request, response, exchange, started, dropped })
    }
    return answered
  }
}

/** Step 1 for a path under the base path: its verb and route, then an operation or off the route. */
async function answerService(
  parts: OffRoute,
  incoming: Incoming,
  rest: string,
): Promise<Answered | undefined> {
  const { request, host } = incoming
  let made: RequestBody | undefined
  // One reader for the body, made on first use; it keeps its bytes if a fallback may forward them.
  const body = (): RequestBody =>
    (made ??= requestBody(request, host, parts.config, parts.fallbacks.length > 0))
  // A form's override can change the answer only where some verb reaches an operation:
  // elsewhere the form stays unread, and streams on to a fallback.
  const verb =
    host.formMayOverride && hasRoute(parts.table, rest)
      ? ((await formOverride(body())) ?? host.verb)
      : host.verb
  const match = matchRoute(parts.table, verb, rest)
  // Written out, not spread: one shape, made once a request.
  const call: ServiceCall = {
    request,
    host,
    target: incoming.target,
    startedAt: incoming.startedAt,
    started: incoming.started,
    rest,
    selected: host.selected,
    session: sessionOf(host),
    bodyReader: body,
    bodyIfMade: () => made,
  }
  if (match && !parts.passthrough.has(match.operation.requestDto.name))
    return answerOperation(parts, call, match)
  const off = await answerOffRoute(parts, call, match, verb)
  return off ?? answerOperation(parts, call, match as RouteMatch<Operation>)
}

/** Steps 2 to 7 for a request routed to an operation; one exchange recorded. */
export async function answerOperation(
  { pipeline, source }: Pick<OffRoute, 'pipeline' | 'source'>,
  call: ServiceCall,
  match: RouteMatch<Operation>,
): Promise<Answered> {
  const { operation } = match
  // Step 2. The login wall is asked about only for an operation that demands a back-end user.
  const store = pipeline.store(call.session)
  const login = operation.backendUser === null ? null : (pipeline.login?.(call.session) ?? null)
  const operationName = operation.requestDto.name
  const body = call.bodyIfMade()
  const { request, host, target, session } = call
  const input = { request, host, target, session, route: match, operationName, store, body, login }
  const ctx = contextOf(input, source)
  let answer: Answer | null
  let intercepted: Interception | undefined
  if (call.selected instanceof ServiceError) {
    answer = errorResponse(ctx, call.selected)
  } else {
    // Step 3. Nothing asked for is no promise: no extra turn of the microtask queue.
    const pending = pipeline.before(ctx)
    intercepted = pending && (await pending)
    answer = intercepted?.answer !== undefined ? intercepted.answer : await runOperation(ctx, match)
  }
  const exchange = exchangeOf({ incoming: call, ctx, session: call.session, answer, intercepted })
  const response = answer === null ? Response.error() : toResponse(answer, call.host.answerHeaders)
  // Step 7.
  pipeline.after(exchange)
  return { response, exchange }
}

/** Steps 4 to 6: read, resolve, write; a pre-defined route reaches the service whatever the verb. */
async function runOperation(ctx: RequestContext, match: RouteMatch<Operation>): Promise<Answer> {
  const { operation, predefinedFormat, method } = match
  if (predefinedFormat !== null && operation.method !== method) return notImplemented(ctx, match)
  const { login } = ctx
  // The host's protected route ends the request before ServiceStack reads it.
  const refused = login && protectedRouteAnswer(ctx, login)
  if (refused) return refused
  // Step 4.
  const read = await readRequest(ctx, operation.requestDto)
  if (read instanceof ServiceError) return errorResponse(ctx, read)
  // The filter and the service method both see the request read and bound.
  const walled = login && backendUserAnswer(ctx, login, operation.backendUser ?? 'service')
  if (walled) return walled
  // Step 5. Most operations answer at once: awaiting a plain value would still cost a turn.
  let result
  try {
    const resolved = operation.resolve(ctx, read)
    result = resolved instanceof Promise ? await resolved : resolved
  } catch (error) {
    // The store refused the write whole: nothing of it was stored.
    if (!(error instanceof StateFullError)) throw error
    result = stateFullError(error)
  }
  // Step 6.
  return result instanceof ServiceError
    ? errorResponse(ctx, result)
    : respond(ctx, operation.responseDto, result)
}
