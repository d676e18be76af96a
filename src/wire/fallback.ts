import { toResponse, type Answer } from './answer/respond.ts'
import { errorResponse } from './answer/errors.ts'
import { DecodeError } from './request/decode-error.ts'
import type {
  Answered,
  AnswerSource,
  Exchange,
  Interception,
  RequestContext,
  RequestHost,
} from './request-context.ts'
import type { RequestBody } from './request/request-body.ts'
import { ServiceError } from './answer/service-error.ts'
import type { SplitUrl } from './request-context.ts'

/**
 * What answers a request the mock's operations do not take (another path, another verb, an
 * operation passed through): a recorded answer, or the real host. Tried in order, before the
 * plain 404; a ServiceError is answered in the negotiated format (the proxy's 502).
 */
export interface Fallback {
  readonly source: Exclude<AnswerSource, 'mock'>
  /** What `/__mock/settings` shows of it: the upstream's URL, the recording's file. */
  readonly name: string
  /** Back to its start (a replay's cursors to the first entry): the shared state's reset. */
  rewind?(): void
  /**
   * The HAR file it serves (`--replay`) or writes (`--proxy` with `--record`), and how many
   * entries that holds now: what `/__mock/settings` and the dashboard show of it.
   */
  recording?(): { readonly file: string; readonly entries: number }
  /**
   * The answer, or undefined when this fallback has none for the request. `body` is the one
   * reader of the request's body that everything before it shares (the method override may have
   * read a form already): read it through `body`, never through `request` again.
   */
  answer(
    request: Request,
    host: RequestHost,
    body: RequestBody,
  ): Promise<FallbackAnswer | ServiceError | undefined>
}

/**
 * A fallback's answer: its head as plain data, which the journal keeps without reading a
 * Response back (reading `statusText` or the headers of a Response made on the Node server
 * would build it whole and send its body through a web stream), and a body that may stream.
 */
export interface FallbackAnswer {
  /** 0 for a network error (a request DevTools recorded as failed). */
  readonly status: number
  readonly statusText: string
  /**
   * Its headers by lower-case name, a repeated one joined with `, ` as HTTP allows for every
   * field but `Set-Cookie`. A record, not `Headers`: the Node server writes it as it is.
   */
  readonly headers: Record<string, string>
  /** The values of `Set-Cookie`, the one field that cannot be joined, kept apart. */
  readonly cookies: readonly string[]
  readonly body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null
}

/** A request that falls through to the fallbacks, with what the dispatch knows of it. */
export interface FallingRequest {
  readonly request: Request
  readonly host: RequestHost
  readonly target: SplitUrl
  readonly session: string | null
  /** The body's one reader, shared with whatever looked at it before. */
  readonly body: RequestBody
  /** When it arrived, in epoch ms, and `performance.now()` then. */
  readonly startedAt: number
  readonly started: number
}

/** The first fallback's answer to a request, recorded; undefined when none has one. */
export type FallBack = (falling: FallingRequest) => Promise<Answered | undefined>

export interface FallBackOptions {
  /** Tried in order. */
  readonly fallbacks: readonly Fallback[]
  /** The dispatch's: latency and faults before (as for an operation), the journal after. */
  readonly hooks: {
    before(ctx: RequestContext): Promise<Interception> | undefined
    after(exchange: Exchange): void
  }
  /** The context latency and faults read, and a fallback's ServiceError is written with. */
  readonly context: (falling: FallingRequest) => RequestContext
}

/**
 * The dispatch's last resort before the 404: the first fallback's answer, recorded with its
 * source; undefined when none has one. Latency, fault rules, `Prefer` and `?__code` apply as to
 * an operation, decided before any fallback is asked: a simulated fault never reaches the real
 * host, and it is the mock's answer (source `mock`). A fallback's ServiceError is written in the
 * format the request negotiated.
 */
export function createFallBack({ fallbacks, hooks, context }: FallBackOptions): FallBack {
  return async (falling) => {
    const { request, host, session, body, startedAt, started } = falling
    const ctx = context(falling)
    // Nothing asked for is no promise: no extra turn of the microtask queue per request.
    const pending = hooks.before(ctx)
    const intercepted = pending && (await pending)
    const record = (exchange: Exchange, response: Response): Answered => {
      hooks.after(exchange)
      return { response, exchange }
    }
    if (intercepted?.answer !== undefined) {
      const { answer, delayMs, fault } = intercepted
      const durationMs = performance.now() - started
      return record(
        {
          request,
          host,
          ctx,
          session,
          source: 'mock',
          answer,
          startedAt,
          durationMs,
          delayMs,
          fault,
        },
        answer === null ? Response.error() : toResponse(answer, host.answerHeaders),
      )
    }
    for (const fallback of fallbacks) {
      const result = await fallback.answer(request, host, body).catch(bodyError)
      if (result === undefined) continue
      let answer: Answer
      let response: Response
      if (result instanceof ServiceError) {
        answer = errorResponse(ctx, result)
        response = toResponse(answer, host.answerHeaders)
      } else {
        // The body streams on to the client: the journal keeps the status and headers only.
        ;[answer, response] = answered(result, host.answerHeaders)
      }
      return record(
        {
          request,
          host,
          ctx: null,
          session,
          source: fallback.source,
          answer,
          startedAt,
          durationMs: performance.now() - started,
          delayMs: intercepted?.delayMs ?? 0,
          fault: intercepted?.fault ?? null,
        },
        response,
      )
    }
    return undefined
  }
}

/** A body a fallback could not read (past the limit, cut off): its error, not a 500. */
function bodyError(error: unknown): ServiceError {
  if (!(error instanceof DecodeError)) throw error
  return new ServiceError(error.status, error.errorCode, error.message, { beforeService: true })
}

/**
 * A fallback's answer with the host's headers (CORS) in place of its own, `Vary` added to: what
 * the journal keeps (its head, `Set-Cookie` joined) and the Response.
 */
function answered(
  result: FallbackAnswer,
  answerHeaders: Readonly<Record<string, string>> | undefined,
): [Answer, Response] {
  const { status, statusText, headers, cookies } = result
  for (const name in answerHeaders) {
    const value = answerHeaders[name] as string
    const lower = name.toLowerCase()
    const current = headers[lower]
    if (lower === 'vary' && current) headers[lower] = `${current}, ${value}`
    else {
      delete headers[lower]
      headers[name] = value
    }
  }
  const answer: Answer = {
    status,
    statusText: statusText || undefined,
    headers: cookies.length > 0 ? { ...headers, 'set-cookie': cookies.join(', ') } : headers,
    body: '',
  }
  if (status === 0) return [answer, Response.error()]
  // A record keeps the Node server on its fast path; pairs only where a cookie repeats.
  const init =
    cookies.length === 0
      ? headers
      : [
          ...Object.entries(headers),
          ...cookies.map((cookie): [string, string] => ['set-cookie', cookie]),
        ]
  return [answer, new Response(result.body, { status, statusText, headers: init })]
}
