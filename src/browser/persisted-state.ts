// What the page's mock holds, kept in the origin's localStorage so that a reload shows the
// user's edits, as the CLI's --state-file does: each state's data (in the state file's own
// document, src/control/state), its scenario, latency and fault rules.
import { parseStateFile, stateFileJson, type FaultRule } from '../control/index.ts'
import type { Mock, Session } from '../mock/index.ts'

export interface PersistOptions {
  /** The localStorage key. Default `restapi-mock:<basePath>`. */
  readonly key?: string
  /** The most characters the saved document may take; past it nothing is saved. Default 2,000,000. */
  readonly maxChars?: number
}

export interface PersistedState {
  /** Something may have changed: saved shortly (at once on `pagehide`). */
  changed(): void
  /** Saves now. */
  save(): void
  stop(): void
}

/** About 4 MB in UTF-16: within every browser's 5 MB per origin, with room for the app's own keys. */
export const defaultMaxChars = 2_000_000
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

/**
 * Restores the mock from the origin's storage (when what is saved was made with the same
 * options) and keeps saving it; another tab's save is restored here too, so two tabs of the
 * app do not undo each other's edits. Storage that is refused or full is said once in the
 * console, and the mock goes on in memory.
 * @example const persisted = persistMock(mock, { fingerprint: JSON.stringify(options) })
 */
export function persistMock(
  mock: Mock,
  options: PersistOptions & { readonly fingerprint: string },
): PersistedState {
  const key = options.key ?? `restapi-mock:${mock.config.basePath}`
  const storage = openStorage(key)
  const write = storage && storageWriter(storage, key, options.maxChars ?? defaultMaxChars)
  let timer: ReturnType<typeof setTimeout> | undefined
  let restoring = false

  const restoreText = (text: string): void => {
    restoring = true
    try {
      restoreDocument(mock, text, options.fingerprint)
    } catch (error) {
      console.info(
        `[restapi-mock] the saved state of ${key} was not restored (${(error as Error).message}): starting from the seed`,
      )
    } finally {
      restoring = false
    }
  }
  const saved = storage?.getItem(key)
  if (saved) restoreText(saved)

  const save = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    write?.(JSON.stringify(documentOf(mock, options.fingerprint)))
  }
  const changed = (): void => {
    if (restoring || !write) return
    timer ??= setTimeout(save, 50)
  }
  const onHide = (): void => {
    if (timer !== undefined) save()
  }
  const onStorage = (event: StorageEvent): void => {
    if (event.key === key && event.newValue) restoreText(event.newValue)
  }
  const unsubscribe = mock.store.subscribe(changed)
  const unwatch = mock.store.watch({ entity: () => undefined, replaced: changed })
  addEventListener('pagehide', onHide)
  addEventListener('storage', onStorage)
  return {
    changed,
    save,
    stop() {
      onHide()
      unsubscribe()
      unwatch()
      removeEventListener('pagehide', onHide)
      removeEventListener('storage', onStorage)
    },
  }
}

/** The origin's localStorage, or undefined (said once) where the browser refuses it. */
function openStorage(key: string): Storage | undefined {
  try {
    // The getter itself throws where storage is refused (sandboxed frames, some privacy modes).
    const opened = globalThis.localStorage
    opened.getItem(key)
    return opened
  } catch (error) {
    console.warn(
      `[restapi-mock] the browser refuses localStorage here (${(error as Error).message}): the page's mock keeps its state in memory only, and a reload starts from the seed`,
    )
    return undefined
  }
}

/**
 * Writes the document under `key`, unless it is past `maxChars` or the browser refuses it: each
 * kind of failure is said once in the console, until a write succeeds again.
 */
function storageWriter(storage: Storage, key: string, maxChars: number): (text: string) => void {
  let warned: 'size' | 'refused' | null = null
  const warnOnce = (kind: 'size' | 'refused', text: string): void => {
    if (warned === kind) return
    warned = kind
    console.warn(`[restapi-mock] ${text}`)
  }
  return (text) => {
    if (text.length > maxChars) {
      storage.removeItem(key)
      warnOnce(
        'size',
        `the page's mock state is ${text.length} characters, past the ${maxChars} it may keep in localStorage (startWorker({ persist: { maxChars } })): it is not saved, and a reload starts from the seed`,
      )
      return
    }
    try {
      storage.setItem(key, text)
      warned = null
    } catch (error) {
      warnOnce(
        'refused',
        `the browser refused to keep the page's mock state (${text.length} characters) in localStorage: ${(error as Error).name}, ${(error as Error).message}. A reload starts from the seed; free the origin's storage, or startWorker({ persist: false })`,
      )
    }
  }
}

function documentOf(mock: Mock, fingerprint: string): SavedDocument {
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

function restoreDocument(mock: Mock, text: string, fingerprint: string): void {
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
