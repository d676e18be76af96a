import type { MockConfigOptions, Operation } from '../../../wire/index.ts'
import { createMock, createStore } from '../../../mock/index.ts'
import type { Har, HarEntry } from '../../../mock/replay/index.ts'
import { compareAnswers, type AnswerView } from './compare-answers.ts'
import { ignoredBy, type Difference, type Ignored } from './difference.ts'
import { noEntities } from '../../../store/index.ts'
import { exchangeStates, type ExchangeState } from './exchange-states.ts'
import { importRecording, recordingEntities } from './import-recording.ts'
import { fixturesOf, type RecordedEntity } from './recorded-entities.ts'
import { recordedRequest, withRecordedLogin } from './recorded-request.ts'
import { recordedView } from './recorded-view.ts'
import { operationFinder, type OperationFinder } from './served-operation.ts'
import { volatileFields } from './volatile-fields.ts'
import { answerView, unsendable, type Tried } from './tried-state.ts'

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
  const run: VerifyRun = {
    har,
    options,
    config,
    find: operationFinder(options.operations, config.basePath ?? '/RestApi'),
    ignored: ignoredBy([...volatileFields, ...(options.ignore ?? [])]),
    reasonPhrase: options.reasonPhrase ?? (() => undefined),
    shown: undefined,
  }
  const exchanges: ExchangeVerdict[] = []
  for (const [index, entry] of har.log.entries.entries()) {
    exchanges.push(await verifyExchange(run, index, entry))
  }
  const counts = { same: 0, different: 0, 'not mocked': 0 }
  for (const exchange of exchanges) counts[exchange.verdict] += 1
  return { exchanges, counts }
}

/** One verification under way: what every exchange is held against. */
interface VerifyRun {
  readonly har: Har
  readonly options: VerifyOptions
  readonly config: MockConfigOptions
  readonly find: OperationFinder
  readonly ignored: Ignored
  readonly reasonPhrase: (status: number) => string | undefined
  /** The entities the whole recording shows, read when an exchange first needs them. */
  shown: readonly RecordedEntity[] | undefined
}

function recordingOf(run: VerifyRun): readonly RecordedEntity[] {
  const { har, options, config } = run
  return (run.shown ??= recordingEntities(
    importRecording(har, { operations: options.operations, config }),
  ))
}

async function verifyExchange(
  run: VerifyRun,
  index: number,
  entry: HarEntry,
): Promise<ExchangeVerdict> {
  const operation = run.find(entry)
  const recorded = recordedView(entry)
  const base = { entry: index, method: entry.request.method, url: entry.request.url, recorded }
  if (operation === undefined) {
    const nothing = { differences: [], notes: [], state: null, mock: null }
    return { ...base, operation: null, verdict: 'not mocked', ...nothing }
  }
  const notes: string[] = []
  let best: Tried | undefined
  const states = exchangeStates(entry, operation, {
    config: run.config,
    recording: () => recordingOf(run),
  })
  for (const state of states) {
    const tried = await tryState(run, { entry, state, recorded, notes })
    if (tried === undefined) continue
    if (best === undefined || tried.differences.length < best.differences.length) best = tried
    if (tried.differences.length === 0 || !tried.sent) break
  }
  const result = best as Tried
  return {
    ...base,
    operation: operation.requestDto.name,
    verdict: result.differences.length === 0 ? 'same' : 'different',
    differences: result.differences,
    notes: [...notes, ...result.notes],
    state: result.state,
    mock: result.mock,
  }
}

/**
 * The exchange's request sent to a fresh mock holding `state`'s entities; undefined (and a
 * note) when they do not load.
 */
async function tryState(
  run: VerifyRun,
  tried: {
    readonly entry: HarEntry
    readonly state: ExchangeState
    readonly recorded: AnswerView
    readonly notes: string[]
  },
): Promise<Tried | undefined> {
  const { entry, state, recorded, notes } = tried
  const { options, config } = run
  const mock = createMock({
    ...config,
    store: createStore({ seed: options.seed ?? 1, counts: noEntities }),
    operations: options.operations,
  })
  try {
    if (state.entities.length > 0) mock.fixtures(fixturesOf(state.entities))
  } catch (error) {
    notes.push(`the ${state.name} could not be loaded: ${(error as Error).message}`)
    return undefined
  }
  let request: Request
  try {
    request = recordedRequest(entry)
  } catch (error) {
    return unsendable(entry, state, error as Error)
  }
  if ((config.auth ?? 'off') !== 'off') {
    request = withRecordedLogin(request, () => mock.login().Authorization)
  }
  const answered = await mock.answer(request)
  const view = await answerView(answered?.response ?? new Response('404', { status: 404 }))
  const compared = compareAnswers(recorded, view, {
    ignored: run.ignored,
    reasonPhrase: run.reasonPhrase,
  })
  return { ...compared, state: state.name, mock: view, sent: true }
}
