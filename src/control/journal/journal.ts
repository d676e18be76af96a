import type { JournalEntry, JournalRecord } from './journal-entry.ts'
import { Slot } from './journal-slot.ts'
import { textWriterOf, type TextWriter } from './journal-texts.ts'
import { createJournalShares, type Link, type Owner } from './journal-shares.ts'

export {
  journalBodyLimit,
  journalHeadersLimit,
  journalUrlLimit,
  journalWarningsLimit,
  truncateBody,
} from './journal-slot.ts'
export type { JournalEntry, JournalRecord } from './journal-entry.ts'

export interface Journal {
  readonly capacity: number
  /** The most bytes the kept entries may hold together; past it the largest holder gives up its oldest. */
  readonly maxBytes: number
  /** What the kept entries hold now, in bytes. */
  readonly bytes: number
  /** The id the next entry gets: a session's view starts there after it clears its journal. */
  readonly nextId: number
  add(record: JournalRecord): void
  /** Oldest first; at most `limit` of the newest; with a view, only that session's. */
  entries(limit?: number, view?: JournalView): JournalEntry[]
  /** Drops every entry of a session (the session was deleted or evicted). */
  forget(session: string): void
  clear(): void
}

/** One session's part of the journal: its entries from entry `from` on. */
export interface JournalView {
  readonly session: string
  readonly from: number
}

/** The journal's default byte budget: 16 MiB, far above what 500 ordinary entries take. */
export const defaultJournalBytes = 16 * 1024 * 1024

/**
 * The most recent requests, in bounded memory: at most `capacity` entries and `maxBytes` bytes
 * together (each entry's texts are cut to their limits in journal-slot.ts, so one entry holds at
 * most about 45 KB whatever the request). The shared state and each session hold a share: when
 * the journal is full, the entry that goes is the oldest of whoever holds the most entries (or,
 * past the byte budget, the most bytes), so a session holding fewer than `capacity / n` entries
 * and `maxBytes / n` bytes (n: the states holding entries now) is never pushed out by another's
 * requests. With one state this is a ring: the oldest entry goes.
 *
 * Slots are made once and reused (the entry that goes gives its slot to the new one), and an
 * entry's texts (URL, headers, bodies) are copied into its slot's own bytes. Keeping the
 * request's strings instead held a few dozen objects per request past the young generation,
 * which the garbage collector then copied and promoted under load (`--trace-gc`); copied into the
 * slot's bytes they cost it far less (docs/performance.md, "Sessions, access checks and the
 * journal").
 */
export function createJournal(
  capacity = 500,
  maxBytes = defaultJournalBytes,
  writer: TextWriter = textWriterOf(globalThis),
): Journal {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new Error(
      `Failed to create the journal: its size must be a whole number of at least 1, got ${capacity}`,
    )
  }
  if (!Number.isInteger(maxBytes) || maxBytes < 64 * 1024) {
    throw new Error(
      `Failed to create the journal: its byte budget must be a whole number of at least 65536, got ${maxBytes}`,
    )
  }
  let shares = createJournalShares()
  /** Links whose entries were dropped past the byte budget, ready for the next entries. */
  let free: Link[] = []
  let nextId = 1
  let bytes = 0

  const drop = (link: Link): void => {
    bytes -= shares.unlink(link)
    link.slot.release()
    free.push(link)
  }

  return {
    capacity,
    maxBytes,
    get bytes() {
      return bytes
    },
    get nextId() {
      return nextId
    },
    add(record) {
      const owner = shares.ownerOf(record.session)
      let link: Link
      if (shares.size < capacity) {
        link = free.pop() ?? { slot: new Slot(), owner, prev: null, next: null, ownerNext: null }
      } else {
        // Full: the oldest entry of the largest holder gives its slot (and its buffer) up.
        link = (shares.victim('count', owner) as Owner).head as Link
        bytes -= shares.unlink(link)
      }
      link.slot.fill(nextId++, record, writer)
      bytes += link.slot.cost
      shares.append(link, owner)
      // Past the budget the largest holders give up their oldest; never the entry just added.
      while (bytes > maxBytes) {
        const victim = shares.victim('bytes', owner, link)
        if (!victim) break
        drop(victim.head as Link)
      }
    },
    entries(limit = capacity, view) {
      const wanted = Math.max(0, Math.floor(limit))
      if (view) {
        const kept: Slot[] = []
        for (let link = shares.headOf(view.session); link; link = link.ownerNext) {
          if (link.slot.id >= view.from) kept.push(link.slot)
        }
        return kept.slice(Math.max(0, kept.length - wanted)).map((slot) => slot.entry())
      }
      const kept: Slot[] = []
      // Newest first, back from the last entry written, until `wanted` are found.
      for (let link = shares.newest; link && kept.length < wanted; link = link.prev) {
        kept.push(link.slot)
      }
      return kept.reverse().map((slot) => slot.entry())
    },
    forget(session) {
      for (let link = shares.headOf(session); link; link = shares.headOf(session)) drop(link)
    },
    clear() {
      shares = createJournalShares()
      free = []
      bytes = 0
    },
  }
}
