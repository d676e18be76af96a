import type { Answer } from '../answer/respond.ts'
import { toResponse } from '../answer/respond.ts'
import { headerSafe } from '../answer/respond.ts'
import type { DispatchHooks } from '../dispatch-options.ts'
import { exchangeOf, type Incoming } from '../per-request.ts'
import type { Answered } from '../request-context.ts'

/** A request no route took, as far as the dispatch got with it. */
export interface UnmatchedCall extends Incoming {
  readonly session: string | null
}

/**
 * The host's 404 for a request no route took, carrying the mock's word on it in
 * `X-Mock-Warning` and in the exchange, which the journal and the log read: the bytes stay the
 * real host's. Marked `unmatched`, so a runtime may still hand it to a user's own handler.
 */
export function unmatchedResponse({
  call,
  answer,
  miss,
  hooks,
}: {
  readonly call: UnmatchedCall
  readonly answer: Answer
  readonly miss: string | undefined
  readonly hooks: DispatchHooks
}): Answered {
  if (miss !== undefined) answer.headers['X-Mock-Warning'] = headerSafe(miss)
  const exchange = exchangeOf({ incoming: call, ctx: null, session: call.session, answer, miss })
  hooks.after(exchange)
  return { response: toResponse(answer, call.host.answerHeaders), exchange, unmatched: true }
}
