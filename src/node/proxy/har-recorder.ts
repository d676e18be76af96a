import { mockVersion } from '../../mock/index.ts'
import { createCoalescingWriter, type CoalescingWriter } from '../state-file/coalescing-writer.ts'
import { takeFileLock } from '../state-file/file-lock.ts'
import { harEntryOf, type HarEntryOptions, type ProxiedExchange } from './har-entry.ts'
import { openHarFile, type HarFile } from './har-file.ts'

export interface HarRecorder {
  /** Queues an exchange; it is turned into an entry and written in the background. */
  add(exchange: ProxiedExchange): void
  /** Resolves once every exchange added before the call is in the file, on disk. */
  flush(): Promise<void>
  /** Its file, and how many entries that holds now (written, not queued; those it had too). */
  recording(): { readonly file: string; readonly entries: number }
  /** Flushes, then lets the file go: another recorder may open it. */
  close(): Promise<void>
}

export interface HarRecorderOptions extends HarEntryOptions {
  readonly path: string
  /** Where a failed write or a left-out exchange is reported (a line, no newline). */
  warn(line: string): void
}

/** The most bytes of bodies waiting for the disk; past it, exchanges are left out. */
const maxPendingBytes = 64 * 1024 * 1024

/**
 * `--record <file.har>`: every proxied exchange appended to a HAR 1.2 file. The file opens as
 * `openHarFile` says (an existing HAR keeps its entries; a file that is not HAR stops the start
 * with an error, untouched). Exchanges wait in a queue off the request path; at most every
 * 100 ms they become entries (bodies capped, secrets redacted unless `keepSecrets`) and are
 * appended in one write, the file valid HAR after each: each write replaces the file whole
 * (write, sync, rename), so a kill leaves the last whole one. Only the queue is held in memory.
 * One process records to a file at a time: a second one is refused at the start, naming the
 * first one's pid (`<file>.lock`; a lock left by a killed process is taken over).
 */
export function createHarRecorder(options: HarRecorderOptions): HarRecorder {
  const { path, warn } = options
  const lock = takeFileLock({ path, option: '--record' })
  let file: HarFile
  try {
    file = openHarFile(path, mockVersion)
  } catch (error) {
    lock.release()
    throw error
  }
  if (file.repaired) warn(file.repaired)
  const recorder: Recording = {
    options,
    file,
    writer: createCoalescingWriter({
      write: () => writeBatch(recorder),
      intervalMs: 100,
      onError: (error) => warn(`failed to write the recording ${path}: ${error.message}`),
    }),
    pending: [],
    pendingBytes: 0,
    leftOut: 0,
  }
  const { writer } = recorder
  return {
    add: (exchange) => addExchange(recorder, exchange),
    async flush() {
      await writer.flush()
      await file.sync()
    },
    recording: () => ({ file: path, entries: file.entries }),
    async close() {
      try {
        await writer.flush()
      } finally {
        lock.release()
      }
    },
  }
}

/** A recording under way: its file, its writer, and the exchanges queued for the next write. */
interface Recording {
  readonly options: HarRecorderOptions
  readonly file: HarFile
  readonly writer: CoalescingWriter
  pending: ProxiedExchange[]
  pendingBytes: number
  /** Exchanges left out since the queue filled, said once it has room again. */
  leftOut: number
}

function addExchange(recorder: Recording, exchange: ProxiedExchange): void {
  const { path, warn } = recorder.options
  const size = sizeOf(exchange)
  if (recorder.pendingBytes + size > maxPendingBytes) {
    if (recorder.leftOut++ === 0) warn(`the recording ${path} falls behind: exchanges are left out`)
    return
  }
  if (recorder.leftOut > 0) {
    warn(`the recording ${path} left out ${recorder.leftOut} exchanges`)
    recorder.leftOut = 0
  }
  recorder.pending.push(exchange)
  recorder.pendingBytes += size
  recorder.writer.changed()
}

/** The queued exchanges as entries, appended to the file in one write. */
function writeBatch(recorder: Recording): Promise<void> {
  const { options } = recorder
  const batch = recorder.pending
  recorder.pending = []
  recorder.pendingBytes = 0
  const texts: string[] = []
  for (const exchange of batch) {
    try {
      texts.push(JSON.stringify(harEntryOf(exchange, options)))
    } catch (error) {
      options.warn(
        `failed to record ${exchange.method} ${exchange.url}: ${(error as Error).message}`,
      )
    }
  }
  return recorder.file.append(texts).catch((error: unknown) => {
    // Tried again with the next change or the final flush, at the same place in the file.
    recorder.pending = [...batch, ...recorder.pending]
    recorder.pendingBytes += batch.reduce((sum, exchange) => sum + sizeOf(exchange), 0)
    throw error
  })
}

function sizeOf(exchange: ProxiedExchange): number {
  return (exchange.requestBody?.length ?? 0) + exchange.responseBody.length + 1024
}
