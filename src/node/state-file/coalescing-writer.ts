export interface CoalescingWriter {
  /** Something changed: a write follows, at most one at a time, however many changes come. */
  changed(): void
  /**
   * Resolves once every change made before the call is written: it waits for the write under
   * way, then makes one more at once if anything changed meanwhile. Rejects with the error of a
   * write that failed.
   */
  flush(): Promise<void>
  /** True while a change is not written yet, or a write is under way. */
  readonly busy: boolean
}

export interface CoalescingWriterOptions {
  /** Writes everything as it is now. It must take its view of the state before its first await. */
  write(): Promise<void>
  /**
   * The least time from the end of one write to the start of the next. The wait is at least as
   * long as the last write took, too (once it had taken its view of the state), so a big state
   * spends at most half the time being written.
   */
  intervalMs: number
  /** A write that failed in the background; the next change (or a flush) tries again. */
  onError(error: Error): void
}

/**
 * Coalesces writes of a changing state: never two at once, and exactly one more after the one
 * under way when anything changed meanwhile (so changes never queue copies of the state).
 * @example const writer = createCoalescingWriter({ write, intervalMs: 100, onError: console.error })
 */
export function createCoalescingWriter(options: CoalescingWriterOptions): CoalescingWriter {
  // Changes are counted; a write covers every change counted before it started.
  let changes = 0
  let written = 0
  let running: Promise<Error | undefined> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let nextStart = 0

  const start = (): Promise<Error | undefined> => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const covers = changes
    const writing = attempt(options.write)
    // Timed from when the write has taken its view: a one-off cost there (the first write makes
    // every lazily seeded entity) must not hold back the writes after it.
    const startedAt = Date.now()
    const done = writing.then(
      () => {
        written = Math.max(written, covers)
        return undefined
      },
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    )
    running = done.then((error) => {
      running = undefined
      const endedAt = Date.now()
      nextStart = endedAt + Math.max(options.intervalMs, endedAt - startedAt)
      if (error) options.onError(error)
      else if (changes > written) schedule()
      return error
    })
    return running
  }

  const schedule = (): void => {
    if (running || timer) return
    timer = setTimeout(() => void start(), Math.max(0, nextStart - Date.now()))
  }

  return {
    changed() {
      changes++
      schedule()
    },
    async flush() {
      const wanted = changes
      while (written < wanted) {
        const waitedFor = running
        const error = await (running ?? start())
        // A failed write that was meant to cover this flush fails it; an older one does not.
        if (error && waitedFor === undefined) throw error
      }
    },
    get busy() {
      return running !== undefined || changes > written
    },
  }
}

/** The write's promise, also when it throws before returning one. */
function attempt(write: () => Promise<void>): Promise<void> {
  try {
    return write()
  } catch (error) {
    return Promise.reject(error as Error)
  }
}
