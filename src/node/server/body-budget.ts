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
  const budget: Budget = {
    maxBytes: options.maxBytes,
    floor: options.floorBytesPerSecond ?? defaultFloorBytesPerSecond,
    windowMs: options.windowMs ?? defaultWindowMs,
    shares: new Set<Share>(),
    waiting: [],
    held: 0,
    sweep: undefined,
  }
  return {
    open: (evicted) => openShare(budget, evicted),
    held: () => budget.held,
  }
}

/** What the budget holds: its settings, the shares, who waits, and the bytes held. */
interface Budget {
  readonly maxBytes: number
  readonly floor: number
  readonly windowMs: number
  readonly shares: Set<Share>
  readonly waiting: { share: Share; bytes: number; grant: () => void }[]
  held: number
  sweep: ReturnType<typeof setTimeout> | undefined
}

function openShare(budget: Budget, evicted: () => void): BodyShare {
  const share: Share = {
    bytes: 0,
    mark: 0,
    markedAt: performance.now(),
    reading: true,
    waiting: false,
    released: false,
    evicted,
  }
  budget.shares.add(share)
  return {
    take: (bytes) => take(budget, share, bytes),
    read() {
      share.reading = false
    },
    release: () => giveBack(budget, share),
  }
}

function take(budget: Budget, share: Share, bytes: number): Promise<void> {
  if (share.released) return Promise.resolve()
  if (budget.waiting.length === 0 && fits(budget, bytes)) {
    budget.held += bytes
    share.bytes += bytes
    return Promise.resolve()
  }
  share.waiting = true
  budget.sweep ??= setTimeout(() => measure(budget), budget.windowMs)
  const granted = new Promise<void>((resolve) => {
    budget.waiting.push({ share, bytes, grant: resolve })
  })
  // A body begun goes before those waiting to begin: it may fit now.
  grantWaiting(budget)
  return granted
}

function fits(budget: Budget, bytes: number): boolean {
  return budget.held === 0 || budget.held + bytes <= budget.maxBytes
}

/** The next to serve: a body already begun before one that has not, each in turn. */
function nextWaiting(budget: Budget): number {
  const begun = budget.waiting.findIndex((wait) => wait.share.bytes > 0 || wait.share.released)
  return begun < 0 ? 0 : begun
}

function grantWaiting(budget: Budget): void {
  const { waiting } = budget
  for (let at = nextWaiting(budget); waiting[at]; at = nextWaiting(budget)) {
    const next = waiting[at] as (typeof waiting)[number]
    if (!next.share.released && !fits(budget, next.bytes)) break
    waiting.splice(at, 1)
    next.share.waiting = false
    if (!next.share.released) {
      budget.held += next.bytes
      next.share.bytes += next.bytes
    }
    next.grant()
  }
  if (waiting.length === 0 && budget.sweep) {
    clearTimeout(budget.sweep)
    budget.sweep = undefined
  }
}

function giveBack(budget: Budget, share: Share): void {
  if (share.released) return
  share.released = true
  budget.shares.delete(share)
  budget.held -= share.bytes
  share.bytes = 0
  grantWaiting(budget)
}

/** While someone waits: every window, the shares read slower than the floor lose them. */
function measure(budget: Budget): void {
  const { shares, waiting, windowMs } = budget
  budget.sweep = undefined
  const now = performance.now()
  for (const share of shares) {
    const elapsed = now - share.markedAt
    if (!share.reading || share.waiting || elapsed < windowMs) continue
    const slow = share.bytes - share.mark < (budget.floor * elapsed) / 1000
    share.mark = share.bytes
    share.markedAt = now
    // Told first, so that its reader stops before a grant of its given-back room reaches it.
    if (slow) {
      share.evicted()
      giveBack(budget, share)
    }
  }
  // Every body begun waits for room that none can give back: the last one begun gives way.
  const all = [...shares]
  const stuck =
    waiting.length > 0 && all.every((share) => (share.reading ? share.waiting : share.bytes === 0))
  const last = stuck ? all.filter((share) => share.bytes > 0).at(-1) : undefined
  if (last) {
    last.evicted()
    giveBack(budget, last)
  }
  if (waiting.length > 0) budget.sweep = setTimeout(() => measure(budget), windowMs)
}
