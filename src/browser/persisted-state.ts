// What the page's mock holds, kept in the origin's localStorage so that a reload shows the
// user's edits, as the CLI's --state-file does: each state's data (in the state file's own
// document, src/control/state), its scenario, latency and fault rules.
import type { Mock } from '../mock/index.ts'
import { documentOf, restoreDocument } from './saved-document.ts'

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
