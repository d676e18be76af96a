import { existsSync, rmSync, truncateSync } from 'node:fs'
import { createCoalescingWriter } from './coalescing-writer.ts'
import { takeFileLock } from './file-lock.ts'
import { counted } from './counted.ts'
import { stateFileParts, stateLogLine } from '../../control/index.ts'
import type { Store } from '../../store/index.ts'
import { openLogFile, type LogFile } from './log-file.ts'
import {
  logName,
  removeStaleLogs,
  removeStaleTemporaries,
  temporaryName,
} from './state-file-names.ts'
import { readWithLog } from './read-state-file.ts'
import { writeAtomically } from './write-atomically.ts'

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
/** A log this long (or as long as the file, if that is longer) is folded into the file. */
const minFoldBytes = 1024 * 1024
/** A log is folded into the file once no change has come for this long. */
const quietMs = 1000

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
  /** The file on disk, and the log of the changes made since it was written. */
  let onDisk: { generation: number; log: LogFile | undefined } = {
    generation: 0,
    log: undefined,
  }
  if (existsSync(path)) {
    const { file, logBytes } = readWithLog(path, new Date())
    const generation = file.log ?? 0
    const logPath = logName(path, generation)
    // A line cut short by a kill is dropped, so the lines appended next start on their own.
    if (logBytes) truncateSync(logPath, logBytes.lastIndexOf(0x0a) + 1)
    store.restore(file)
    onDisk = { generation, log: file.log === undefined ? undefined : openLogFile(logPath, 'a') }
  }
  removeStaleLogs(path, onDisk.generation)
  const temporary = temporaryName(path, process.pid)

  /** Whether the log of the file on disk still follows the state: not after a replacement. */
  let appendToDisk = onDisk.log !== undefined
  /** The log of the file being written, from the instant its state was taken. */
  let next: { log: LogFile; accepts: boolean } | undefined
  /** The state was replaced and no full write has taken it yet: the logs cannot say it. */
  let replacedSince = false
  let fileChars = 0
  let pending = ''
  let appendQueued = false
  let lastLineAt = 0
  let quietTimer: ReturnType<typeof setTimeout> | undefined

  const report = (error: Error): void => {
    process.stderr.write(`restapi-mock: failed to write the state file ${path}: ${error.message}\n`)
  }

  const appendPending = (): void => {
    if (pending === '') return
    const text = pending
    pending = ''
    try {
      if (appendToDisk) onDisk.log?.append(text)
      if (next?.accepts) next.log.append(text)
    } catch (error) {
      // A log that missed a line can no longer be replayed: write the whole file instead.
      report(error as Error)
      markReplaced()
    }
    const logged = onDisk.log?.bytes ?? 0
    if (logged >= Math.max(minFoldBytes, fileChars)) writer.changed()
    lastLineAt = Date.now()
    quietTimer ??= setTimeout(foldWhenQuiet, quietMs)
    quietTimer.unref()
  }

  const foldWhenQuiet = (): void => {
    quietTimer = undefined
    const quietFor = Date.now() - lastLineAt
    if (quietFor >= quietMs) writer.changed()
    else quietTimer = setTimeout(foldWhenQuiet, quietMs - quietFor).unref()
  }

  const markReplaced = (): void => {
    appendToDisk = false
    if (next) next.accepts = false
    replacedSince = true
    writer.changed()
  }

  /** One full write: the state of this instant to the file, the changes after it to a new log. */
  const fold = async (): Promise<void> => {
    appendPending()
    const generation = onDisk.generation + 1
    const replaced = replacedSince
    replacedSince = false
    // This instant's state, and a log for what comes after it, in the same turn.
    const parts = counted(stateFileParts(store, undefined, generation))
    next = { log: openLogFile(logName(path, generation), 'w'), accepts: true }
    const written = next
    try {
      await writeAtomically(path, temporary, parts)
    } catch (error) {
      next = undefined
      await written.log.close()
      rmSync(written.log.path, { force: true })
      if (replaced) replacedSince = true
      throw error
    }
    next = undefined
    const old = onDisk.log
    onDisk = { generation, log: written.log }
    appendToDisk = written.accepts
    fileChars = parts.chars
    if (old) {
      await old.close()
      rmSync(old.path, { force: true })
    }
    if (!appendToDisk) writer.changed()
  }

  const writer = createCoalescingWriter({
    write: fold,
    intervalMs: writeIntervalMs,
    onError: report,
  })
  const stopWatching = store.watch({
    entity(kind, key, value) {
      if (replacedSince) return
      // The generated count goes with each line, so ids go on from where they were.
      pending += stateLogLine(kind, key, value, store.generated)
      // Appended at the latest once this turn's work is done, if no changed() comes first.
      if (!appendQueued) {
        appendQueued = true
        queueMicrotask(() => {
          appendQueued = false
          appendPending()
        })
      }
    },
    replaced() {
      appendPending()
      markReplaced()
    },
  })
  // The operations call changed() after their write and before their answer: the line is
  // appended then, so an answered change is in the log.
  const unsubscribe = store.subscribe(appendPending)
  // Write the loaded (or seeded) state at once, with its log folded in; a failure is reported by
  // onError and tried again at the next change.
  writer.changed()
  writer.flush().catch(() => undefined)

  const flush = async (): Promise<void> => {
    appendPending()
    writer.changed()
    await writer.flush()
  }
  return {
    flush,
    close: async () => {
      stopWatching()
      unsubscribe()
      if (quietTimer) clearTimeout(quietTimer)
      await flush()
      // The file holds everything: its log is empty.
      const log = onDisk.log
      if (log) {
        await log.close()
        rmSync(log.path, { force: true })
      }
      release()
    },
  }
}
