import { closeSync, fdatasync, openSync, writeSync } from 'node:fs'

/** How long an appended line may wait to be forced to disk (only a machine's crash loses it). */
const syncDelayMs = 1000

/**
 * An append-only file written with one synchronous write per call: what `append` took is in
 * the kernel before it returns, so a `kill -9` right after loses none of it. It is forced to disk
 * in the background at most `syncDelayMs` later, so a crash of the machine loses about that.
 * @example const log = openLogFile('state.json.3.log'); log.append('{"Comments":…}\n')
 */
export interface LogFile {
  readonly path: string
  /** Bytes appended since it was opened. */
  readonly bytes: number
  append(text: string): void
  /** Forces what was appended to disk, then closes the file. */
  close(): Promise<void>
}

export function openLogFile(path: string, flags: 'a' | 'w'): LogFile {
  const fd = openSync(path, flags)
  let bytes = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let syncing: Promise<void> | undefined
  let closed = false

  const sync = async (): Promise<void> => {
    timer = undefined
    // One at a time: a sync asked for while one runs follows it.
    await syncing
    syncing = new Promise<void>((resolve) => {
      // A failed sync is not worth a stop: the lines are in the kernel, which writes them anyway.
      fdatasync(fd, () => resolve())
    })
    await syncing
    syncing = undefined
  }

  return {
    path,
    get bytes() {
      return bytes
    },
    append(text) {
      if (closed) throw new Error(`Failed to append to ${path}: it is closed`)
      const buffer = Buffer.from(text)
      let offset = 0
      while (offset < buffer.length) offset += writeSync(fd, buffer, offset)
      bytes += buffer.length
      if (!timer) {
        timer = setTimeout(() => void sync(), syncDelayMs)
        // Never what keeps the process running.
        timer.unref()
      }
    },
    async close() {
      if (closed) return
      closed = true
      if (timer) clearTimeout(timer)
      await syncing
      await sync()
      closeSync(fd)
    },
  }
}
