// What the Node server answers last (node-edge.ts's last answers, step 8), where an answer has
// something to add: the user's own handlers for what no route took, `--on-miss`, the plain 404.
import {
  notFoundAnswer,
  toResponse,
  withAnswerHeaders,
  type Answered,
  type OnMiss,
  type RequestHost,
} from '../../wire/index.ts'

/** See `lastAnswersStage`. */
export interface LastAnswers {
  readonly own: ((request: Request) => Promise<Response | undefined>) | undefined
  readonly onMiss: OnMiss
}

export async function lastAnswer(
  last: LastAnswers,
  request: Request,
  record: RequestHost,
  answered: Answered | undefined,
): Promise<Answered> {
  let result = answered
  if ((!result || result.unmatched) && last.own) {
    const own = await last.own(request)
    if (own) result = { response: withAnswerHeaders(own, record.answerHeaders), exchange: null }
  }
  const miss = result?.exchange?.miss
  if (miss !== undefined && last.onMiss === 'error') {
    const dropped = `near miss, connection dropped (--on-miss error): ${miss}`
    return { response: Response.error(), exchange: result?.exchange ?? null, dropped }
  }
  if (result && (miss === undefined || last.onMiss !== 'off')) return result
  const written = notFoundAnswer()
  return { response: toResponse(written, record.answerHeaders), exchange: null, written }
}
