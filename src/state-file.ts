import { existsSync, readFileSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { parseStateFile, stateFileJson } from './control/index.ts'
import type { Store } from './store/index.ts'

export interface StateFile {
  /** Writes what is pending now; call it before the process exits. */
  flush(): Promise<void>
  close(): Promise<void>
}

/** Writes at most this often, however many changes come in between. */
const writeIntervalMs = 100

/**
 * Keeps a store in a JSON file: loaded at start when the file exists (a broken file throws an
 * error naming the problem, it never silently reseeds), written after each change, at most once
 * per 100 ms, to a temporary file that is then renamed over the old one, so a crash or a kill
 * never leaves half a file.
 * @example const file = attachStateFile(store, 'mock-state.json')
 */
export function attachStateFile(store: Store, path: string): StateFile {
  if (existsSync(path)) {
    const snapshot = parseStateFile(readFileSync(path, 'utf8'), new Date())
    store.restore(snapshot)
  }
  const temporary = `${path}.${process.pid}.tmp`
  let timer: NodeJS.Timeout | undefined
  let lastWrite = 0
  let dirty = false
  let writing: Promise<void> = Promise.resolve()

  const write = (): Promise<void> => {
    timer = undefined
    if (!dirty) return writing
    dirty = false
    lastWrite = Date.now()
    const text = stateFileJson({ seed: store.seed, generated: store.generated, state: store.state })
    writing = writing
      .then(() => writeFile(temporary, text))
      .then(() => rename(temporary, path))
      .catch((error: Error) => {
        process.stderr.write(
          `restapi-mock: failed to write the state file ${path}: ${error.message}\n`,
        )
      })
    return writing
  }

  const unsubscribe = store.subscribe(() => {
    dirty = true
    if (timer) return
    const wait = Math.max(0, lastWrite + writeIntervalMs - Date.now())
    timer = setTimeout(() => void write(), wait)
  })
  // Write the loaded (or seeded) state at once, so the file exists from the start.
  dirty = true
  void write()

  return {
    flush: async () => {
      if (timer) clearTimeout(timer)
      await write()
    },
    close: async () => {
      unsubscribe()
      if (timer) clearTimeout(timer)
      await write()
    },
  }
}
