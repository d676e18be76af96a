import type { JournalEntry, JournalRecord } from './journal-entry.ts'
import { Slot } from './journal-slot.ts'
import { textWriterOf, type TextWriter } from './journal-text-writer.ts'

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
  /** The most bytes the kept entries may hold together; the oldest go first past it. */
  readonly maxBytes: number
  /** What the kept entries hold now, in bytes. */
  readonly bytes: number
  /** The id the next entry gets: a session's view starts there after it clears its journal. */
  readonly nextId: number
  add(record: JournalRecord): void
  /** Oldest first; at most `limit` of the newest; with a view, only that session's. */
  entries(limit?: number, view?: JournalView): JournalEntry[]
  clear(): void
}

/** One session's part of the journal: its entries from entry `from` on. */
export interface JournalView {
  readonly session: string
  readonly from: number
}

/** The journal's default byte budget: 16 MiB, far above 500 ordinary entries (about 1 MB). */
export const defaultJournalBytes = 16 * 1024 * 1024

/**
 * A ring buffer of the most recent requests: memory stays bounded under any load, at most
 * `capacity` entries and `maxBytes` bytes together (each entry's texts are cut to their limits
 * in journal-slot.ts, so one entry holds at most about 45 KB whatever the request). The ring's
 * slots are made once and reused, and an entry's texts (URL, headers, bodies) are copied into
 * its slot's own bytes. Keeping the request's strings instead held a few dozen objects per
 * request past the young generation: under load (`--trace-gc`) the garbage collector spent
 * about 5 µs per request copying and promoting them, against about 2 µs with the bytes.
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
  const slots: Slot[] = []
  let size = 0
  let next = 0
  let nextId = 1
  let bytes = 0
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
      let slot = slots[next]
      if (!slot) {
        slot = new Slot()
        slots[next] = slot
      }
      // A full ring drops its oldest entry, the one in this slot, before anything else.
      if (size === capacity) size--
      bytes += slot.fill(nextId++, record, writer)
      // Past the budget the oldest entries go too; one entry is far smaller than any budget.
      while (bytes > maxBytes && size > 0) {
        bytes -= (slots[(next - size + capacity) % capacity] as Slot).release()
        size--
      }
      next = (next + 1) % capacity
      size++
    },
    entries(limit = capacity, view) {
      const wanted = Math.max(0, Math.floor(limit))
      const kept: Slot[] = []
      // Newest first, back from the last entry written, until `wanted` are found.
      for (let i = 1; i <= size && kept.length < wanted; i++) {
        const slot = slots[(next - i + capacity) % capacity] as Slot
        if (!view || (slot.session === view.session && slot.id >= view.from)) kept.push(slot)
      }
      return kept.reverse().map((slot) => slot.entry())
    },
    clear() {
      slots.length = 0
      size = 0
      next = 0
      bytes = 0
    },
  }
}
