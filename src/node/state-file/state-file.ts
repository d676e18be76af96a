import { existsSync, rmSync, truncateSync } from 'node:fs'
import { createCoalescingWriter } from './coalescing-writer.ts'
import { takeFileLock } from './file-lock.ts'
import { stateLogLine } from '../../control/index.ts'
import type { Store } from '../../store/index.ts'
import { openLogFile, type LogFile } from './log-file.ts'
import {
  logName,
  removeStaleLogs,
  removeStaleTemporaries,
  temporaryName,
} from './state-file-names.ts'
import { readWithLog } from './read-state-file.ts'
import {
  appendPending,
  fold,
  markReplaced,
  reportWriteFailure,
  type KeptState,
} from './kept-state.ts'

export { readStateFile } from './read-state-file.ts'

export interface StateFile {
  /**
   * Resolves once every change made before the call is in the file itself (not only in its
   * log); rejects if that write fails.
   */
  flush(): Promise<void>
  /** Stops following the store, writes the file with every change, and removes its log. */
  close(): Promise<void>
}

/** The least time between two full writes, however many changes come in between. */
const writeIntervalMs = 100

/**
 * Keeps a store in a JSON file and a change log beside it. Each change a write makes is
 * appended to the log (`state.json.<n>.log`, one line per entity) before its answer is sent,
 * so a `kill -9` loses no answered change whatever the state's size; the file itself is
 * rewritten in the background (the log folded into it) once the log is as long as the file,
 * after a reset or restore, and after a quiet second. A full write goes to a temporary file
 * that is synced and renamed over the old one, so a crash never leaves half a file; the file
 * names its log (`"Log":<n>`), and the start loads the file, then replays that log. Temporary
 * files and logs that killed processes left beside it are removed at start. One process keeps a
 * file at a time: a second is refused at the start, naming the first one's pid (`<file>.lock`).
 * @example const file = attachStateFile(store, 'mock-state.json')
 */
export function attachStateFile(store: Store, path: string): StateFile {
  const lock = takeFileLock({ path, option: '--state-file' })
  try {
    return attachLocked(store, path, lock.release)
  } catch (error) {
    lock.release()
    throw error
  }
}

function attachLocked(store: Store, path: string, release: () => void): StateFile {
  removeStaleTemporaries(path)
  const onDisk = loadOnDisk(store, path)
  removeStaleLogs(path, onDisk.generation)
  const kept: KeptState = {
    store,
    path,
    temporary: temporaryName(path, process.pid),
    writer: createCoalescingWriter({
      write: () => fold(kept),
      intervalMs: writeIntervalMs,
      onError: (error) => reportWriteFailure(path, error),
    }),
    onDisk,
    appendToDisk: onDisk.log !== undefined,
    next: undefined,
    replacedSince: false,
    fileChars: 0,
    pending: '',
    appendQueued: false,
    lastLineAt: 0,
    quietTimer: undefined,
  }
  const stopFollowing = followStore(kept)
  // Write the loaded (or seeded) state at once, with its log folded in; a failure is reported by
  // onError and tried again at the next change.
  kept.writer.changed()
  kept.writer.flush().catch(() => undefined)

  const flush = async (): Promise<void> => {
    appendPending(kept)
    kept.writer.changed()
    await kept.writer.flush()
  }
  return {
    flush,
    close: async () => {
      stopFollowing()
      if (kept.quietTimer) clearTimeout(kept.quietTimer)
      await flush()
      // The file holds everything: its log is empty.
      const log = kept.onDisk.log
      if (log) {
        await log.close()
        rmSync(log.path, { force: true })
      }
      release()
    },
  }
}

/** The file at `path` loaded into the store, its log replayed and kept open to append to. */
function loadOnDisk(store: Store, path: string): { generation: number; log: LogFile | undefined } {
  if (!existsSync(path)) return { generation: 0, log: undefined }
  const { file, logBytes } = readWithLog(path, new Date())
  const generation = file.log ?? 0
  const logPath = logName(path, generation)
  // A line cut short by a kill is dropped, so the lines appended next start on their own.
  if (logBytes) truncateSync(logPath, logBytes.lastIndexOf(0x0a) + 1)
  store.restore(file)
  return { generation, log: file.log === undefined ? undefined : openLogFile(logPath, 'a') }
}

/** Follows the store's changes into the logs, and its replacements into full writes. */
function followStore(kept: KeptState): () => void {
  const { store } = kept
  const stopWatching = store.watch({
    entity(kind, key, value) {
      if (kept.replacedSince) return
      // The generated count goes with each line, so ids go on from where they were.
      kept.pending += stateLogLine(kind, key, value, store.generated)
      // Appended at the latest once this turn's work is done, if no changed() comes first.
      if (!kept.appendQueued) {
        kept.appendQueued = true
        queueMicrotask(() => {
          kept.appendQueued = false
          appendPending(kept)
        })
      }
    },
    replaced() {
      appendPending(kept)
      markReplaced(kept)
    },
  })
  // The operations call changed() after their write and before their answer: the line is
  // appended then, so an answered change is in the log.
  const unsubscribe = store.subscribe(() => appendPending(kept))
  return () => {
    stopWatching()
    unsubscribe()
  }
}
