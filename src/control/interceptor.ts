import { errorResponse, readBodyText, type RequestContext } from '../wire/index.ts'
import type { Journal } from './journal.ts'
import type { FaultRules } from './fault-rules.ts'
import { drawDelay, sleep, type Latency } from './latency.ts'
import { readRequestFault } from './prefer.ts'
import { errorCodeOfStatus } from './status-names.ts'

/** The mock's run-time settings and records; one per running mock, passed in. */
export interface ControlState {
  readonly journal: Journal
  readonly faults: FaultRules
  latency: Latency | null
  readonly random: () => number
}

/**
 * Before an operation runs: the latency (global, a rule's or the request's own) and any fault
 * asked for. Returns the answer that replaces the operation's, or undefined to go on.
 * `Response.error()` is a network error: msw fails the fetch, the Node server drops the socket.
 */
export function interceptRequest(
  ctx: RequestContext,
  state: ControlState,
): Promise<Response | undefined> | undefined {
  const own = readRequestFault(ctx.header('prefer'), ctx.query, (message) => ctx.warn(message))
  // A request's own Prefer wins over the rules, and then uses none of a rule's count.
  const rule = own ? undefined : state.faults.match(ctx.request.method, ctx.path)
  const delay = own?.delay ?? rule?.delay ?? drawDelay(state.latency, state.random)
  const status = own?.status ?? rule?.status ?? null
  const network = (own?.network ?? false) || (rule?.network ?? false)
  // Nothing asked for: no promise, no extra turn of the event loop on the hot path.
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
): Promise<Response | undefined> {
  if (delay > 0) {
    const waitStarted = Date.now()
    // A client that goes away while it waits is dropped here, before any state changes.
    const waited = await sleep(delay, ctx.request.signal)
    ctx.trace.delayMs = waited ? delay : Date.now() - waitStarted
    if (!waited) {
      ctx.trace.fault = 'aborted'
      return Response.error()
    }
  }
  if (network || status !== null) {
    // The operation will not read the body; the journal still shows what was sent.
    ctx.trace.requestBody = await readBodyText(
      ctx.request,
      ctx.config.limits.bodyBytes,
      ctx.header('content-length'),
    ).catch(() => null)
  }
  if (network) {
    ctx.trace.fault = `network (${source})`
    return Response.error()
  }
  if (status !== null) {
    ctx.trace.fault = `code=${status} (${source})`
    return errorResponse(ctx, {
      status,
      errorCode: errorCodeOfStatus(status),
      statusText: errorCodeOfStatus(status),
      message: `A simulated ${status} from the mock (${source})`,
    })
  }
  return undefined
}

/** After the answer: one journal entry. Reads nothing that would make a lightweight Response heavy. */
export function recordRequest(
  state: ControlState,
  request: Request,
  ctx: RequestContext | null,
  response: Response,
  startedAt: number,
  durationMs: number,
  rawHeaders?: readonly string[],
): void {
  // A network error (`Response.error()`) has status 0; the reason phrase is only read for errors.
  const status = response.status
  const isError = status === 0
  state.journal.add({
    startedAt,
    method: request.method,
    url: request.url,
    format: ctx?.negotiated.format ?? null,
    status,
    statusText: status >= 400 ? response.statusText : '',
    durationMs: Math.round(durationMs * 100) / 100,
    delayMs: ctx?.trace.delayMs ?? 0,
    fault: ctx?.trace.fault ?? (isError ? 'network' : null),
    warnings: ctx ? ctx.warnings : [],
    warningCount: ctx ? ctx.warningCount : 0,
    requestHeaders: rawHeaders ?? request.headers,
    requestText: ctx?.trace.requestBody ?? null,
    // The headers as built, when the mock built them: reading them back from a Response the
    // Node server made would cost it a full copy.
    responseHeaders: isError ? null : (ctx?.trace.responseHeaders ?? response.headers),
    // No route matched (ctx null): the answer is the host's plain `404`.
    responseText: ctx ? ctx.trace.responseBody : isError ? null : '404',
  })
}
