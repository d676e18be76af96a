import type { MockConfigOptions, Operation } from '../../../wire/index.ts'
import { createMock, createStore } from '../../../mock/index.ts'
import type { Har } from '../../../mock/replay/index.ts'
import { compareAnswers, type AnswerView } from './compare-answers.ts'
import { ignoredBy, type Difference } from './difference.ts'
import { noEntities } from '../../../store/index.ts'
import { exchangeStates } from './exchange-states.ts'
import { importRecording, recordingEntities } from './import-recording.ts'
import { fixturesOf, type RecordedEntity } from './recorded-entities.ts'
import { recordedRequest, withRecordedLogin } from './recorded-request.ts'
import { recordedView } from './recorded-view.ts'
import { operationFinder } from './served-operation.ts'
import { volatileFields } from './volatile-fields.ts'

export interface VerifyOptions {
  /** The operations of the mock to hold against the recording. */
  readonly operations: readonly Operation[]
  /** The mock's settings (`basePath`, `xmlNamespaces`, `defaultFormat`), as it is run. */
  readonly config?: MockConfigOptions
  /** The seed that fills what a recorded entity leaves out. Default 1. */
  readonly seed?: number
  /** Fields and headers left out of the comparison, besides `volatileFields` (`--ignore`). */
  readonly ignore?: readonly string[]
  /** The standard reason phrase of a status; by default a standard phrase is not compared. */
  readonly reasonPhrase?: (status: number) => string | undefined
}

export const verdicts = ['same', 'different', 'not mocked'] as const
export type Verdict = (typeof verdicts)[number]

/** One recorded exchange, held against the mock. */
export interface ExchangeVerdict {
  /** Its index in `log.entries`. */
  readonly entry: number
  readonly method: string
  readonly url: string
  /** The request DTO of the operation that serves it; null when none does. */
  readonly operation: string | null
  readonly verdict: Verdict
  /** Empty unless the verdict is `different`; the first is the table's. */
  readonly differences: readonly Difference[]
  /** What was not compared, and why. */
  readonly notes: readonly string[]
  /** The state the request ran in: `the answer's entity`, `no entity`, `the request's entity`. */
  readonly state: string | null
  readonly recorded: AnswerView
  readonly mock: AnswerView | null
}

export interface Verification {
  readonly exchanges: readonly ExchangeVerdict[]
  readonly counts: Readonly<Record<Verdict, number>>
}

/**
 * Holds a recording against the mock: each exchange one of its operations serves is sent to a
 * fresh mock, in process, holding the entities the exchange shows, and its answer compared with
 * the recorded one (compare-answers.ts). The recording does not say whether the entity an
 * answer shows was there before the request (an update) or made by it (a create), nor whether
 * the one a refused request names was stored: each exchange runs with the answer's entity,
 * then with none, then with the request's, and the first that answers the same (else the one
 * with fewest differences) is its verdict. `har` must have passed `checkHar`.
 * @example const { counts } = await verifyRecording(har, { operations })
 */
export async function verifyRecording(har: Har, options: VerifyOptions): Promise<Verification> {
  const config = options.config ?? {}
  const find = operationFinder(options.operations, config.basePath ?? '/RestApi')
  const ignored = ignoredBy([...volatileFields, ...(options.ignore ?? [])])
  let shown: readonly RecordedEntity[] | undefined
  // Read once, when an exchange first needs it.
  const recording = (): readonly RecordedEntity[] =>
    (shown ??= recordingEntities(importRecording(har, { operations: options.operations, config })))
  const reasonPhrase = options.reasonPhrase ?? (() => undefined)
  const exchanges: ExchangeVerdict[] = []
  for (const [index, entry] of har.log.entries.entries()) {
    const operation = find(entry)
    const recorded = recordedView(entry)
    const base = { entry: index, method: entry.request.method, url: entry.request.url, recorded }
    if (operation === undefined) {
      exchanges.push({
        ...base,
        operation: null,
        verdict: 'not mocked',
        differences: [],
        notes: [],
        state: null,
        mock: null,
      })
      continue
    }
    const notes: string[] = []
    let best:
      { differences: Difference[]; notes: string[]; state: string; mock: AnswerView } | undefined
    for (const candidate of exchangeStates(entry, operation, { config, recording })) {
      const mock = createMock({
        ...config,
        store: createStore({ seed: options.seed ?? 1, counts: noEntities }),
        operations: options.operations,
      })
      try {
        if (candidate.entities.length > 0) mock.fixtures(fixturesOf(candidate.entities))
      } catch (error) {
        notes.push(`the ${candidate.name} could not be loaded: ${(error as Error).message}`)
        continue
      }
      let request: Request
      try {
        request = recordedRequest(entry)
      } catch (error) {
        const difference: Difference = {
          part: 'request',
          field: '(request)',
          recorded: entry.request.url,
          mock: '(not sent)',
          says: `the recorded request cannot be sent: ${(error as Error).message}`,
        }
        best = {
          differences: [difference],
          notes: [],
          state: candidate.name,
          mock: { status: 0, statusText: '', headers: [], body: null },
        }
        break
      }
      if ((config.auth ?? 'off') !== 'off') {
        request = withRecordedLogin(request, () => mock.login().Authorization)
      }
      const answered = await mock.answer(request)
      const response = answered?.response ?? new Response('404', { status: 404 })
      const view: AnswerView = {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await response.text(),
      }
      const compared = compareAnswers(recorded, view, { ignored, reasonPhrase })
      if (best === undefined || compared.differences.length < best.differences.length) {
        best = { ...compared, state: candidate.name, mock: view }
      }
      if (compared.differences.length === 0) break
    }
    const result = best as NonNullable<typeof best>
    exchanges.push({
      ...base,
      operation: operation.requestDto.name,
      verdict: result.differences.length === 0 ? 'same' : 'different',
      differences: result.differences,
      notes: [...notes, ...result.notes],
      state: result.state,
      mock: result.mock,
    })
  }
  const counts = { same: 0, different: 0, 'not mocked': 0 }
  for (const exchange of exchanges) counts[exchange.verdict] += 1
  return { exchanges, counts }
}
