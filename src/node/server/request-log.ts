import { write, writeSync } from 'node:fs'

/**
 * Writes one batch of bytes. A promise makes the log keep one write in flight and gather the
 * lines that come meanwhile (stdout, written by libuv's threads: a terminal that scrolls slowly
 * never holds up a request); undefined means written already.
 */
export type LogWriter = (bytes: Uint8Array) => unknown

export interface RequestLog {
  /** Queues one line. */
  log(line: string): void
  /** Writes what is queued and lets go of the process (a server closing calls it). */
  close(): void
}

/** How long lines wait to be written together: a person reading the log cannot tell. */
const flushIntervalMs = 50
/** The batch's size; a batch that would outgrow it goes to the queue. */
const batchBytes = 64 * 1024
/** The most bytes waiting behind a write in flight; past it lines are counted, not kept. */
const maxWaitingBytes = 4 * 1024 * 1024

/**
 * A batched line logger: lines are encoded into one buffer and go out together at most every
 * 50 ms. Each write to a terminal or pipe is a system call that also wakes the reader, too dear
 * to pay once a request (docs/performance.md, "The Node server"); and on Linux Node writes to a
 * pipe or terminal synchronously, so a reader that falls behind would stop the server. The
 * lines are copied into the buffer at once rather than queued as strings, which would outlive
 * the young generation and cost garbage collection time, as the journal's kept strings did.
 * What a reader cannot take is dropped past 4 MiB and counted in a line of its own.
 * @example const { log, close } = createRequestLog(writeToStdout)
 */
export function createRequestLog(write: LogWriter, writeNow: LogWriter = write): RequestLog {
  let batch = Buffer.allocUnsafe(batchBytes)
  let length = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const waiting: Uint8Array[] = []
  let waitingBytes = 0
  let dropped = 0
  let writing = false
  const take = (): void => {
    // The written buffer is handed over, never reused: the write may still be reading it.
    if (length > 0) waiting.push(batch.subarray(0, length))
    waitingBytes += length
    batch = Buffer.allocUnsafe(batchBytes)
    length = 0
  }
  const next = (): void => {
    if (dropped > 0 && waitingBytes < maxWaitingBytes) {
      waiting.push(Buffer.from(`… ${dropped} log lines dropped: the output could not keep up\n`))
      dropped = 0
    }
    const bytes = waiting.length === 1 ? waiting[0] : Buffer.concat(waiting)
    waiting.length = 0
    waitingBytes = 0
    if (!bytes || bytes.length === 0) return
    const pending = write(bytes)
    if (!(pending instanceof Promise)) return
    writing = true
    void pending.then(done, done)
  }
  const done = (): void => {
    writing = false
    if (waiting.length > 0 || dropped > 0) next()
  }
  const flush = (): void => {
    if (timer) clearTimeout(timer)
    timer = undefined
    take()
    if (!writing) next()
  }
  // Lines still queued when the process exits are written then, at once, not lost.
  const atExit = (): void => {
    take()
    const bytes = Buffer.concat(waiting)
    waiting.length = 0
    if (bytes.length > 0) void writeNow(bytes)
  }
  process.once('exit', atExit)
  const log = (line: string): void => {
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit; the newline takes one.
    const most = line.length * 3 + 1
    if (length + most > batch.length) {
      take()
      // A full batch goes out at once, unless a write is still in flight.
      if (!writing) next()
    }
    // Behind a reader that cannot keep up, what waits stays bounded.
    if (waitingBytes + length >= maxWaitingBytes) {
      dropped++
      return
    }
    if (most > batch.length) {
      waiting.push(Buffer.from(`${line}\n`))
      waitingBytes += most
      if (!writing) next()
      return
    }
    length += batch.write(line, length, 'utf8')
    batch[length++] = 10
    timer ??= setTimeout(flush, flushIntervalMs)
  }
  const close = (): void => {
    flush()
    process.off('exit', atExit)
  }
  return { log, close }
}

/**
 * The request log's writer for a file descriptor (stdout's, 1): each batch written by libuv's
 * threads, all of it (a pipe may take part of it at a time, or none for a moment); a reader that
 * went away (EPIPE) ends the writing quietly.
 */
export function fdWriter(fd: number): LogWriter {
  return (bytes) =>
    new Promise<void>((resolve) => {
      const from = (offset: number): void =>
        write(fd, bytes, offset, bytes.length - offset, null, (error, written) => {
          if (error?.code === 'EAGAIN') return void setTimeout(() => from(offset), 10)
          if (error || offset + written >= bytes.length) return resolve()
          from(offset + written)
        })
      from(0)
    })
}

/** The same, at once (at exit, where nothing waits for a thread). */
export function fdWriterNow(fd: number): LogWriter {
  return (bytes) => {
    try {
      writeSync(fd, bytes)
    } catch {
      // A reader that went away: nothing more to tell it.
    }
  }
}
