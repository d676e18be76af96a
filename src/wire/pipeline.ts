/**
 * The order a request goes through, and only here. At the edge its host has made its record
 * (request-record.ts; the Node server's access checks run there, and its log after the answer).
 * Then, for an operation:
 *
 *   1. route       dispatch.ts matches the path and verb (route/route-table.ts)
 *   2. state       the stages' `store` (sessions) and `login` (the login wall)
 *   3. before      the stages' `before`, in order (faults and latency): may answer instead
 *   4. read        the operation's request, from the body and query (request/read-request.ts)
 *   5. resolve     the operation's `resolve`, on the state's store
 *   6. write       its answer in the negotiated format (answer/respond.ts)
 *   7. after       the stages' `after`, in order (the journal), with the exchange
 *
 * Steps 4 to 6 are `runOperation` (define-operation.ts). The stages are made where the mock is
 * composed (mock/stages.ts), in the order of `stageOrder` below, which names every one a
 * request can meet, the Node server's own at the edge among them.
 */
import { toResponse, type Answer } from './answer/answer.ts'
import { errorResponse } from './answer/errors.ts'
import { ServiceError } from './answer/service-error.ts'
import { runOperation, type Operation } from './define-operation.ts'
import type { ActiveLogin } from './login-state.ts'
import { contextOf, exchangeOf, type ContextSource, type ServiceCall } from './per-request.ts'
import type { Answered, Exchange, Interception, RequestContext } from './request-context.ts'
import type { RouteMatch } from './route/route-table.ts'
import type { Store } from '../store/index.ts'

/** Every stage a request can meet, in the order it meets them, and where each runs. */
export const stageOrder = {
  'access checks': 'node/server/access-check.ts, before the dispatch (Host, Origin)',
  sessions: 'mock/stages.ts: the state (step 2), the evicted-session warning (step 3)',
  'login wall': 'mock/stages.ts: the login (step 2)',
  'faults and latency': 'mock/stages.ts: step 3 (control/interceptor.ts)',
  journal: 'mock/stages.ts: step 7 (control/interceptor.ts)',
  log: 'node/server/app.ts, after the dispatch (node/server/log-line.ts)',
} as const

export type StageName = keyof typeof stageOrder

const order = Object.keys(stageOrder)

/**
 * One feature a request meets (sessions, the login wall, faults and latency, the journal): what
 * it adds at each step of the order above. A stage has only the steps it needs.
 */
export interface Stage {
  /** One of `stageOrder`, or the name of a stage of the caller's own (a benchmark's). */
  readonly name: StageName | (string & {})
  /** Step 2: the state a request works on, by the session it names (the first stage with one). */
  readonly store?: (session: string | null) => Store
  /** Step 2: that state's login when its wall is up, for an operation that demands a back-end user. */
  readonly login?: (session: string | null) => ActiveLogin | null
  /** Step 3: undefined (not a promise) when it has nothing to do, so nothing waits a turn. */
  readonly before?: (ctx: RequestContext) => Promise<Interception> | undefined
  /** Step 7: sees every request under the base path and what was answered. */
  readonly after?: (exchange: Exchange) => void
}

/** The stages, gathered by step once, when the dispatch is made. */
export interface Pipeline {
  readonly store: (session: string | null) => Store
  readonly login: ((session: string | null) => ActiveLogin | null) | undefined
  /** The stages' `before`, one after another: undefined when none has anything to do. */
  readonly before: (ctx: RequestContext) => Promise<Interception> | undefined
  readonly after: (exchange: Exchange) => void
}

/** The stages by step, in their declared order. */
export function pipelineOf(stages: readonly Stage[]): Pipeline {
  const known = stages.map(({ name }) => order.indexOf(name)).filter((at) => at !== -1)
  if (known.some((at, i) => i > 0 && at <= (known[i - 1] as number)))
    throw new Error(`Failed to make the dispatch: stages out of order (${order.join(', ')})`)
  const store = stages.find((stage) => stage.store)?.store
  if (!store) throw new Error('Failed to make the dispatch: no stage gives the state (store)')
  const befores = stages.flatMap((stage) => (stage.before ? [stage.before] : []))
  const afters = stages.flatMap((stage) => (stage.after ? [stage.after] : []))
  return {
    store,
    login: stages.find((stage) => stage.login)?.login,
    before: befores.length === 1 ? (befores[0] as Stage['before'] & {}) : beforeAll(befores),
    after: afters.length === 1 ? (afters[0] as Stage['after'] & {}) : afterAll(afters),
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
      if (pending) return pending.then((first) => rest(first, ctx, befores.slice(index + 1)))
    }
    return undefined
  }
}

async function rest(
  first: Interception,
  ctx: RequestContext,
  befores: readonly NonNullable<Stage['before']>[],
): Promise<Interception> {
  if (first.answer !== undefined) return first
  const next = beforeAll(befores)(ctx)
  const later = next && (await next)
  if (!later) return first
  const fault = later.fault ?? first.fault
  return { ...later, delayMs: first.delayMs + later.delayMs, fault }
}

function afterAll(afters: readonly NonNullable<Stage['after']>[]): (exchange: Exchange) => void {
  return (exchange) => {
    for (const after of afters) after(exchange)
  }
}

/** What an operation's run needs besides the request: the stages and the dispatch's shared parts. */
export interface OperationRun {
  readonly pipeline: Pipeline
  readonly source: ContextSource
}

/** Steps 2 to 7 for a request routed to an operation; one exchange recorded. */
export async function answerOperation(
  call: ServiceCall,
  match: RouteMatch<Operation>,
  { pipeline, source }: OperationRun,
): Promise<Answered> {
  const store = pipeline.store(call.session)
  // The login wall is asked about only for an operation that demands a back-end user.
  const login =
    match.operation.backendUser === null ? null : (pipeline.login?.(call.session) ?? null)
  const operationName = match.operation.requestDto.name
  const body = call.bodyIfMade()
  const ctx = contextOf({ ...call, route: match, operationName, store, body, login }, source)
  let answer: Answer | null
  let intercepted: Interception | undefined
  if (call.selected instanceof ServiceError) {
    answer = errorResponse(ctx, call.selected)
  } else {
    // Nothing asked for is no promise: no extra turn of the microtask queue per request.
    const pending = pipeline.before(ctx)
    intercepted = pending && (await pending)
    answer = intercepted?.answer !== undefined ? intercepted.answer : await runOperation(ctx, match)
  }
  const exchange = exchangeOf({ incoming: call, ctx, session: call.session, answer, intercepted })
  const response = answer === null ? Response.error() : toResponse(answer, call.host.answerHeaders)
  pipeline.after(exchange)
  return { response, exchange }
}
