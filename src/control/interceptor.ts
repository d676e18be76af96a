import {
  errorResponse,
  ServiceError,
  type Exchange,
  type Interception,
  type RequestContext,
} from '../wire/index.ts'
import type { Journal } from './journal/journal.ts'
import type { Notices } from './notices.ts'
import type { FaultRules } from './fault-rules.ts'
import { drawDelay, readRequestFault, sleep, type Latency } from './prefer.ts'
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
 * Before an operation runs: the latency (global, a rule's or the request's own) and any fault
 * asked for. Undefined, not a promise, when nothing is asked for: no extra turn of the event
 * loop on the hot path. An interception with a null answer is a network error: msw fails the
 * fetch, the Node server drops the socket.
 */
export function interceptRequest(
  ctx: RequestContext,
  rules: RequestRules,
  random: () => number,
): Promise<Interception> | undefined {
  const own = readRequestFault(ctx.header('prefer'), ctx.query, (message) =>
    ctx.warnings.add(message),
  )
  // A request's own Prefer wins over the rules, and then uses none of a rule's count.
  const rule = own ? undefined : rules.faults.match(ctx.request.method, ctx.path)
  const delay = own?.delay ?? rule?.delay ?? drawDelay(rules.latency, random)
  const status = own?.status ?? rule?.status ?? null
  const network = (own?.network ?? false) || (rule?.network ?? false)
  if (delay <= 0 && status === null && !network) return undefined
  const source = own ? own.source : rule ? `rule ${rule.id}` : null
  return applyFault(ctx, { delay, status, network, source })
}

interface Fault {
  readonly delay: number
  readonly status: number | null
  readonly network: boolean
  readonly source: string | null
}

async function applyFault(
  ctx: RequestContext,
  { delay, status, network, source }: Fault,
): Promise<Interception> {
  let delayMs = 0
  if (delay > 0) {
    const waitStarted = Date.now()
    // A client that goes away while it waits is dropped here, before any state changes.
    const waited = await sleep(delay, ctx.request.signal)
    delayMs = waited ? delay : Date.now() - waitStarted
    if (!waited) return { delayMs, fault: 'aborted', answer: null }
  }
  if (!network && status === null) return { delayMs, fault: null }
  // The operation will not read the body; the journal still shows what was sent.
  await ctx.body.text().catch(() => null)
  if (network) return { delayMs, fault: `network (${source})`, answer: null }
  const errorCode = errorCodeOfStatus(status as number)
  const message = `A simulated ${status} from the mock (${source})`
  return {
    delayMs,
    fault: `code=${status} (${source})`,
    answer: errorResponse(ctx, new ServiceError(status as number, errorCode, message)),
  }
}

/** After the answer: one journal entry, from the exchange the dispatch recorded. */
export function recordRequest(state: ControlState, exchange: Exchange): void {
  const { request, ctx, answer } = exchange
  const status = answer?.status ?? 0
  const warnings = ctx?.warnings
  // An answer no operation wrote says its own warning (a near miss, the /api/ path) in its head.
  const own = ctx || exchange.source !== 'mock' ? undefined : answer?.headers['X-Mock-Warning']
  const said = exchange.miss ?? own
  state.journal.add({
    startedAt: exchange.startedAt,
    session: exchange.session,
    source: exchange.source,
    method: request.method,
    url: request.url,
    format: ctx?.negotiated.format ?? null,
    status,
    statusText: status >= 400 ? (answer?.statusText ?? '') : '',
    durationMs: Math.round(exchange.durationMs * 100) / 100,
    delayMs: exchange.delayMs,
    fault: exchange.fault,
    warnings: warnings ? warnings.list : said === undefined ? [] : [said],
    warningCount: warnings ? warnings.count : said === undefined ? 0 : 1,
    nearMiss: exchange.miss !== undefined,
    requestHeaders: exchange.host.headerList(),
    requestText: ctx?.body.textRead ?? null,
    responseHeaders: answer?.headers ?? null,
    // A fallback's body streamed on to the client, unread.
    responseText: exchange.source === 'mock' ? (answer?.body ?? null) : null,
  })
}
