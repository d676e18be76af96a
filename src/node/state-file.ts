import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { createCoalescingWriter } from './coalescing-writer.ts'
import { parseStateFile, stateFileParts } from '../control/index.ts'
import type { Store } from '../store/index.ts'
import { writeAtomically } from './write-atomically.ts'

export interface StateFile {
  /** Resolves once every change made before the call is in the file; rejects if a write fails. */
  flush(): Promise<void>
  /** Stops following the store, then flushes. */
  close(): Promise<void>
}

/** The least time between two writes, however many changes come in between. */
const writeIntervalMs = 100

/**
 * Keeps a store in a JSON file: loaded at start when the file exists (a broken file throws an
 * error naming the problem, it never silently reseeds), written after changes. One write at a
 * time, each at least 100 ms (and at least its own duration) after the last, to a temporary
 * file that is synced and renamed over the old one, so a crash or a kill never leaves half a
 * file. Temporary files that killed processes left beside it are removed at start.
 * @example const file = attachStateFile(store, 'mock-state.json')
 */
export function attachStateFile(store: Store, path: string): StateFile {
  removeStaleTemporaries(path)
  if (existsSync(path)) {
    const snapshot = parseStateFile(readFileSync(path, 'utf8'), new Date())
    store.restore(snapshot)
  }
  const temporary = temporaryName(path, process.pid)
  const writer = createCoalescingWriter({
    // The pieces take the state as it is at the start of the write (see stateFileParts).
    write: () => writeAtomically(path, temporary, stateFileParts(store)),
    intervalMs: writeIntervalMs,
    onError: (error) => {
      process.stderr.write(
        `restapi-mock: failed to write the state file ${path}: ${error.message}\n`,
      )
    },
  })
  const unsubscribe = store.subscribe(() => writer.changed())
  // Write the loaded (or seeded) state at once, so the file exists from the start; a failure
  // is reported by onError and tried again at the next change.
  writer.changed()
  writer.flush().catch(() => undefined)

  return {
    flush: () => writer.flush(),
    close: () => {
      unsubscribe()
      return writer.flush()
    },
  }
}

/** `state.json.<pid>.tmp`: one per process, so two processes never write each other's. */
function temporaryName(path: string, pid: number): string {
  return `${path}.${pid}.tmp`
}

/** Removes the temporary files of processes that are gone, e.g. after a `kill -9`. */
function removeStaleTemporaries(path: string): void {
  const directory = dirname(path)
  const prefix = `${basename(path)}.`
  let names: string[]
  try {
    names = readdirSync(directory)
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue
    const pid = name.slice(prefix.length, -'.tmp'.length)
    if (!/^\d{1,10}$/.test(pid)) continue
    // Another live mock on the same file is writing it: leave that one alone.
    if (Number(pid) !== process.pid && isRunning(Number(pid))) continue
    rmSync(join(directory, name), { force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
