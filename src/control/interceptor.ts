import {
  errorResponse,
  ServiceError,
  type Interception,
  type RequestContext,
} from '../wire/index.ts'
import type { Journal } from './journal/journal.ts'
import type { Notices } from './notices.ts'
import type { FaultRules } from './fault-rules.ts'
import { readRequestFault, sleep, type Latency } from './prefer.ts'
import { errorCodeOfStatus } from './status-names.ts'

/** The latency and fault rules of one state's requests: the shared state's, or a session's. */
export interface RequestRules {
  readonly faults: FaultRules
  latency: Latency | null
}

/** The mock's run-time settings and records; one per running mock, passed in. Its rules are the shared state's. */
export interface ControlState extends RequestRules {
  readonly journal: Journal
  /** What the mock did on its own (a data file reloaded), for the dashboard. */
  readonly notices: Notices
  readonly random: () => number
}

/**
 * What a request meets before its operation, decided once: the delay and the fault its own
 * `Prefer` (or `?__delay=`, `?__code=`, `?__fault=`) asks for, else the first fault rule that
 * matches it (counted down). Null when neither asks for anything; the state's latency applies
 * then (mock/stages.ts).
 */
export interface FaultAsk {
  /** The delay asked for; null: the state's latency. */
  readonly delay: number | null
  readonly status: number | null
  readonly network: boolean
  /** Where it came from, for the journal: `Prefer`, `query`, `rule 2`. */
  readonly source: string
}

export function faultAsk(ctx: RequestContext, rules: RequestRules): FaultAsk | null {
  const own = readRequestFault(ctx.header('prefer'), ctx.query, (message) =>
    ctx.warnings.add(message),
  )
  // A request's own Prefer wins over the rules, and then uses none of a rule's count.
  if (own) return own
  const rule = rules.faults.match(ctx.request.method, ctx.path)
  return rule ? { ...rule, source: `rule ${rule.id}` } : null
}

/**
 * Waits `delay` ms before the operation (or the fault) answers. A client that goes away while
 * it waits is dropped here, before any state changes: an interception with a null answer.
 */
export async function waitBefore(ctx: RequestContext, delay: number): Promise<Interception> {
  const waitStarted = Date.now()
  const waited = await sleep(delay, ctx.request.signal)
  if (!waited) return { delayMs: Date.now() - waitStarted, fault: 'aborted', answer: null }
  return { delayMs: delay, fault: null }
}

/**
 * The answer a fault asks for instead of the operation's: a network error (a null answer: msw
 * fails the fetch, the Node server drops the socket) or the simulated status.
 */
export async function faultAnswer(ctx: RequestContext, ask: FaultAsk): Promise<Interception> {
  const { status, network, source } = ask
  // The operation will not read the body; the journal still shows what was sent.
  await ctx.body.text().catch(() => null)
  if (network) return { delayMs: 0, fault: `network (${source})`, answer: null }
  const errorCode = errorCodeOfStatus(status as number)
  const message = `A simulated ${status} from the mock (${source})`
  return {
    delayMs: 0,
    fault: `code=${status} (${source})`,
    answer: errorResponse(ctx, new ServiceError(status as number, errorCode, message)),
  }
}
