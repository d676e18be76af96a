import { toResponse, withAnswerHeaders, type Answer } from './answer.ts'
import { errorResponse } from './errors.ts'
import type { AnswerSource, Exchange, RequestContext, RequestHost } from './request-context.ts'
import { ServiceError } from './service-error.ts'
import type { SplitUrl } from './split-url.ts'

/**
 * What answers a request the mock's operations do not take (another path, another verb, an
 * operation passed through): a recorded answer, or the real host. Tried in order, before the
 * plain 404; a ServiceError is answered in the negotiated format (the proxy's 502).
 */
export interface Fallback {
  readonly source: Exclude<AnswerSource, 'mock'>
  /** What `/__mock/settings` shows of it: the upstream's URL, the recording's file. */
  readonly name: string
  /** The answer, or undefined when this fallback has none for the request. */
  answer(request: Request, host: RequestHost): Promise<Response | ServiceError | undefined>
}

/** The first fallback's answer to a request, recorded; undefined when none has one. */
export type FallBack = (
  request: Request,
  host: RequestHost,
  target: SplitUrl,
  session: string | null,
  startedAt: number,
  started: number,
) => Promise<Response | undefined>

/**
 * The dispatch's last resort before the 404: the first fallback's answer, recorded with its
 * source; undefined when none has one. A fallback's ServiceError is written in the format the
 * request negotiated, through the context `errorContext` makes.
 */
export function createFallBack(
  fallbacks: readonly Fallback[],
  after: (exchange: Exchange) => void,
  errorContext: (
    request: Request,
    host: RequestHost,
    target: SplitUrl,
    session: string | null,
  ) => RequestContext,
): FallBack {
  return async (request, host, target, session, startedAt, started) => {
    for (const fallback of fallbacks) {
      const result = await fallback.answer(request, host)
      if (result === undefined) continue
      let answer: Answer
      let response: Response
      if (result instanceof ServiceError) {
        answer = errorResponse(errorContext(request, host, target, session), result)
        response = toResponse(answer, host.answerHeaders)
      } else {
        response = withAnswerHeaders(result, host.answerHeaders)
        // The body streams on to the client: the journal keeps the status and headers only.
        answer = {
          status: response.status,
          statusText: response.statusText || undefined,
          headers: Object.fromEntries(response.headers),
          body: '',
        }
      }
      const exchange: Exchange = {
        request,
        host,
        ctx: null,
        session,
        source: fallback.source,
        answer,
        startedAt,
        durationMs: performance.now() - started,
        delayMs: 0,
        fault: null,
      }
      after(exchange)
      host.answered?.(exchange)
      return response
    }
    return undefined
  }
}
