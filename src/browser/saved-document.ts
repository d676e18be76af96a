// The document persisted-state.ts keeps in the origin's storage: every state of the mock, each
// as the state file's own document with its scenario, latency and fault rules.
import { parseStateFile, stateFileJson, type FaultRule } from '../control/index.ts'
import type { Mock, Session } from '../mock/index.ts'

/** The document's shape; another one (an older package) is dropped, not misread. */
const format = 1

interface SavedState {
  readonly Id: string | null
  readonly Scenario: string
  readonly Latency: { min: number; max: number } | null
  readonly Faults: readonly object[]
  /** The state file's document, as text: `{"Seed":1,"Generated":0,"Comments":[…],…}`. */
  readonly State: string
}

interface SavedDocument {
  readonly Format: number
  /** What the mock was started with: a saved state from other options is not restored. */
  readonly Fingerprint: string
  readonly States: readonly SavedState[]
}

export function documentOf(mock: Mock, fingerprint: string): SavedDocument {
  const { sessions } = mock
  const ids = sessions.list().map((info) => info.id)
  return {
    Format: format,
    Fingerprint: fingerprint,
    States: [sessions.shared, ...ids.map((id) => sessions.peek(id))].map(savedState),
  }
}

function savedState(session: Session): SavedState {
  return {
    Id: session.id,
    Scenario: session.scenarios.current,
    Latency: session.rules.latency,
    Faults: session.rules.faults.list().map(ruleInput),
    State: stateFileJson(session.store.snapshot()),
  }
}

/** A rule as `POST /__mock/faults` takes it: its id is the state's own to give again. */
function ruleInput(rule: FaultRule): object {
  return {
    ...(rule.method === null ? {} : { method: rule.method }),
    path: rule.path,
    ...(rule.status === null ? {} : { status: rule.status }),
    ...(rule.network ? { fault: 'network' } : {}),
    ...(rule.delay === null ? {} : { delay: rule.delay }),
    probability: rule.probability,
    ...(rule.remaining === null ? {} : { count: rule.remaining }),
  }
}

export function restoreDocument(mock: Mock, text: string, fingerprint: string): void {
  const document = JSON.parse(text) as Partial<SavedDocument>
  if (document.Format !== format || !Array.isArray(document.States)) {
    throw new Error('it was saved by another version of restapi-mock')
  }
  if (document.Fingerprint !== fingerprint) {
    throw new Error("startWorker's options changed since it was saved")
  }
  const now = mock.config.clock()
  // Every state read before any is replaced: a broken one leaves the mock as it was.
  const states = document.States.map((saved) => ({ saved, file: parseStateFile(saved.State, now) }))
  for (const id of mock.sessions.list().map((info) => info.id)) {
    if (!states.some(({ saved }) => saved.Id === id)) mock.sessions.delete(id)
  }
  for (const { saved, file } of states) {
    const session = mock.sessions.get(saved.Id)
    if (session.scenarios.current !== saved.Scenario && !session.scenarios.use(saved.Scenario)) {
      throw new Error(`no scenario named '${saved.Scenario}'`)
    }
    session.store.restore(file)
    session.rules.latency = saved.Latency
    session.rules.faults.clear()
    for (const rule of saved.Faults) session.rules.faults.add(rule)
  }
}
