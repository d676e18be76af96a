/** One large body's part of the budget: the bytes of it that have come, held until released. */
export interface BodyShare {
  /**
   * Holds `bytes` more (a chunk just read), waiting while they do not fit beside what is held
   * (unless nothing is held: a body larger than the whole budget gets it alone).
   */
  take(bytes: number): Promise<void>
  /** The body is whole: it is no longer read, so it can no longer be too slow. */
  read(): void
  /** Gives every byte back; a second call does nothing. */
  release(): void
}

/** Bytes that large request bodies may hold at once. */
export interface BodyBudget {
  /**
   * A share for one body. `evicted` is called, once, when the share is taken away because its
   * body came slower than the floor rate while others waited: its bytes are given back then.
   */
  open(evicted: () => void): BodyShare
  /** Bytes held now. */
  held(): number
}

export interface BodyBudgetOptions {
  readonly maxBytes: number
  /**
   * The slowest a body may come while others wait for the budget, in bytes per second over
   * each `windowMs`; a slower one loses its share. Default 8 KiB/s (see `defaultFloorBytesPerSecond`).
   */
  readonly floorBytesPerSecond?: number
  /** How often the rate is measured while someone waits; default 2 s. */
  readonly windowMs?: number
}

/**
 * 8 KiB/s: a body at the 1 MiB limit must come at about 42 KB/s to beat the 25 s deadline
 * anyway, and Chrome DevTools' slowest preset ("3G", 400 kbit/s) sends 50 KB/s. A sender under
 * a fifth of that is holding the budget, not using it.
 */
export const defaultFloorBytesPerSecond = 8 * 1024
const defaultWindowMs = 2000

interface Share {
  bytes: number
  /** Bytes taken when the rate was last measured, and when. */
  mark: number
  markedAt: number
  reading: boolean
  waiting: boolean
  released: boolean
  readonly evicted: () => void
}

/**
 * A byte budget shared fairly. The Node server takes each chunk of a large body from it as the
 * chunk comes (not the length the body declares, which a trickling sender never sends), and
 * gives them back once the body is answered: many large bodies are read side by side, while
 * the memory they hold stays bounded. A sender holds only what it has sent. Waiters are served
 * in the order they came; while any waits, a body that comes slower than the floor rate loses
 * its share (and is answered 408 by its reader), so stalled senders cannot keep the budget
 * from the others.
 * @example const share = createBodyBudget({ maxBytes: 16 << 20 }).open(() => {}); await share.take(65536)
 */
export function createBodyBudget(options: BodyBudgetOptions): BodyBudget {
  const { maxBytes } = options
  const floor = options.floorBytesPerSecond ?? defaultFloorBytesPerSecond
  const windowMs = options.windowMs ?? defaultWindowMs
  const shares = new Set<Share>()
  const waiting: { share: Share; bytes: number; grant: () => void }[] = []
  let held = 0
  let sweep: ReturnType<typeof setTimeout> | undefined

  const fits = (bytes: number): boolean => held === 0 || held + bytes <= maxBytes
  /** The next to serve: a body already begun before one that has not, each in turn. */
  const nextWaiting = (): number => {
    const begun = waiting.findIndex((wait) => wait.share.bytes > 0 || wait.share.released)
    return begun < 0 ? 0 : begun
  }
  const grantWaiting = (): void => {
    for (let at = nextWaiting(); waiting[at]; at = nextWaiting()) {
      const next = waiting[at] as (typeof waiting)[number]
      if (!next.share.released && !fits(next.bytes)) break
      waiting.splice(at, 1)
      next.share.waiting = false
      if (!next.share.released) {
        held += next.bytes
        next.share.bytes += next.bytes
      }
      next.grant()
    }
    if (waiting.length === 0 && sweep) {
      clearTimeout(sweep)
      sweep = undefined
    }
  }
  const giveBack = (share: Share): void => {
    if (share.released) return
    share.released = true
    shares.delete(share)
    held -= share.bytes
    share.bytes = 0
    grantWaiting()
  }
  /** While someone waits: every window, the shares read slower than the floor lose them. */
  const measure = (): void => {
    sweep = undefined
    const now = performance.now()
    for (const share of shares) {
      const elapsed = now - share.markedAt
      if (!share.reading || share.waiting || elapsed < windowMs) continue
      const slow = share.bytes - share.mark < (floor * elapsed) / 1000
      share.mark = share.bytes
      share.markedAt = now
      // Told first, so that its reader stops before a grant of its given-back room reaches it.
      if (slow) {
        share.evicted()
        giveBack(share)
      }
    }
    // Every body begun waits for room that none can give back: the last one begun gives way.
    const all = [...shares]
    const stuck =
      waiting.length > 0 &&
      all.every((share) => (share.reading ? share.waiting : share.bytes === 0))
    const last = stuck ? all.filter((share) => share.bytes > 0).at(-1) : undefined
    if (last) {
      last.evicted()
      giveBack(last)
    }
    if (waiting.length > 0) sweep = setTimeout(measure, windowMs)
  }

  return {
    open(evicted) {
      const share: Share = {
        bytes: 0,
        mark: 0,
        markedAt: performance.now(),
        reading: true,
        waiting: false,
        released: false,
        evicted,
      }
      shares.add(share)
      return {
        take(bytes) {
          if (share.released) return Promise.resolve()
          if (waiting.length === 0 && fits(bytes)) {
            held += bytes
            share.bytes += bytes
            return Promise.resolve()
          }
          share.waiting = true
          sweep ??= setTimeout(measure, windowMs)
          const granted = new Promise<void>((resolve) => {
            waiting.push({ share, bytes, grant: resolve })
          })
          // A body begun goes before those waiting to begin: it may fit now.
          grantWaiting()
          return granted
        },
        read() {
          share.reading = false
        },
        release: () => giveBack(share),
      }
    },
    held: () => held,
  }
}
