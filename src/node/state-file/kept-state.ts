import { rmSync } from 'node:fs'
import { stateFileParts } from '../../control/index.ts'
import type { Store } from '../../store/index.ts'
import type { CoalescingWriter } from './coalescing-writer.ts'
import { counted } from './counted.ts'
import { openLogFile, type LogFile } from './log-file.ts'
import { logName } from './state-file-names.ts'
import { writeAtomically } from './write-atomically.ts'

/** A log this long (or as long as the file, if that is longer) is folded into the file. */
const minFoldBytes = 1024 * 1024
/** A log is folded into the file once no change has come for this long. */
const quietMs = 1000

/** What a state file keeps of its store: the file on disk, its logs, the lines not yet appended. */
export interface KeptState {
  readonly store: Store
  readonly path: string
  /** The temporary file a full write goes to before it is renamed over the file. */
  readonly temporary: string
  /** The full writes, coalesced. */
  readonly writer: CoalescingWriter
  /** The file on disk, and the log of the changes made since it was written. */
  onDisk: { generation: number; log: LogFile | undefined }
  /** Whether the log of the file on disk still follows the state: not after a replacement. */
  appendToDisk: boolean
  /** The log of the file being written, from the instant its state was taken. */
  next: { log: LogFile; accepts: boolean } | undefined
  /** The state was replaced and no full write has taken it yet: the logs cannot say it. */
  replacedSince: boolean
  fileChars: number
  pending: string
  appendQueued: boolean
  lastLineAt: number
  quietTimer: ReturnType<typeof setTimeout> | undefined
}

export function reportWriteFailure(path: string, error: Error): void {
  process.stderr.write(`restapi-mock: failed to write the state file ${path}: ${error.message}\n`)
}

/** Appends the lines of the changes made so far to the logs that follow the state. */
export function appendPending(kept: KeptState): void {
  if (kept.pending === '') return
  const text = kept.pending
  kept.pending = ''
  try {
    if (kept.appendToDisk) kept.onDisk.log?.append(text)
    if (kept.next?.accepts) kept.next.log.append(text)
  } catch (error) {
    // A log that missed a line can no longer be replayed: write the whole file instead.
    reportWriteFailure(kept.path, error as Error)
    markReplaced(kept)
  }
  const logged = kept.onDisk.log?.bytes ?? 0
  if (logged >= Math.max(minFoldBytes, kept.fileChars)) kept.writer.changed()
  kept.lastLineAt = Date.now()
  kept.quietTimer ??= setTimeout(() => foldWhenQuiet(kept), quietMs)
  kept.quietTimer.unref()
}

function foldWhenQuiet(kept: KeptState): void {
  kept.quietTimer = undefined
  const quietFor = Date.now() - kept.lastLineAt
  if (quietFor >= quietMs) kept.writer.changed()
  else kept.quietTimer = setTimeout(() => foldWhenQuiet(kept), quietMs - quietFor).unref()
}

/** The state was replaced (a reset, a restore): no log can say it, so the file is written whole. */
export function markReplaced(kept: KeptState): void {
  kept.appendToDisk = false
  if (kept.next) kept.next.accepts = false
  kept.replacedSince = true
  kept.writer.changed()
}

/** One full write: the state of this instant to the file, the changes after it to a new log. */
export async function fold(kept: KeptState): Promise<void> {
  appendPending(kept)
  const generation = kept.onDisk.generation + 1
  const replaced = kept.replacedSince
  kept.replacedSince = false
  // This instant's state, and a log for what comes after it, in the same turn.
  const parts = counted(stateFileParts(kept.store, undefined, generation))
  kept.next = { log: openLogFile(logName(kept.path, generation), 'w'), accepts: true }
  const written = kept.next
  try {
    await writeAtomically(kept.path, kept.temporary, parts)
  } catch (error) {
    kept.next = undefined
    await written.log.close()
    rmSync(written.log.path, { force: true })
    if (replaced) kept.replacedSince = true
    throw error
  }
  kept.next = undefined
  const old = kept.onDisk.log
  kept.onDisk = { generation, log: written.log }
  kept.appendToDisk = written.accepts
  kept.fileChars = parts.chars
  if (old) {
    await old.close()
    rmSync(old.path, { force: true })
  }
  if (!kept.appendToDisk) kept.writer.changed()
}
