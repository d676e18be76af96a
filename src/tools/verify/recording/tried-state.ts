import type { HarEntry } from '../../../mock/replay/index.ts'
import type { AnswerView } from './compare-answers.ts'
import type { Difference } from './difference.ts'
import type { ExchangeState } from './exchange-states.ts'

/** The mock's answer in one state of an exchange, and how it differs from the recorded one. */
export interface Tried {
  readonly differences: Difference[]
  readonly notes: string[]
  readonly state: string
  readonly mock: AnswerView
  /** False when the recorded request could not be made: then it cannot be in any state. */
  readonly sent: boolean
}

/** A state tried whose recorded request could not be made: it cannot be in any state. */
export function unsendable(entry: HarEntry, state: ExchangeState, error: Error): Tried {
  const difference: Difference = {
    part: 'request',
    field: '(request)',
    recorded: entry.request.url,
    mock: '(not sent)',
    says: `the recorded request cannot be sent: ${error.message}`,
  }
  const mock: AnswerView = { status: 0, statusText: '', headers: [], body: null }
  return { differences: [difference], notes: [], state: state.name, mock, sent: false }
}

/** The mock's answer as the comparison reads it. */
export async function answerView(response: Response): Promise<AnswerView> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: await response.text(),
  }
}
