import type { JournalView } from './journal-entry.ts'
import type { Owner, Slot } from './journal-slot.ts'
import type { JournalBytes } from './journal-texts.ts'

/** The journal's entries as one list, and as one list per state that holds any. */
export interface Ring {
  readonly capacity: number
  readonly maxBytes: number
  /** Who holds entries: the shared state (null) and each session, kept from its first on. */
  owners: Map<string | null, Owner>
  newest: Slot | null
  size: number
  /** What the kept entries hold, in bytes. */
  bytes: number
  nextId: number
  /** Slots whose entries were dropped past the byte budget, ready for the next entries. */
  free: Slot[]
  /** The bytes of a slot that holds none. */
  readonly released: JournalBytes
}

/**
 * Whose oldest entry goes when several states hold entries (journal.ts takes the one holder's
 * own at once): whoever holds the most (entries, with the one about to be added counted for
 * `adder`, or bytes), the one whose oldest entry is oldest among equals. An owner holding only
 * `keep` is passed over. Undefined when nobody else holds anything.
 */
export function victimOf(
  owners: ReadonlyMap<string | null, Owner>,
  measure: 'count' | 'bytes',
  adder: Owner,
  keep?: Slot,
): Owner | undefined {
  let best: Owner | undefined
  let most = -1
  let oldestId = 0
  for (const owner of owners.values()) {
    const head = owner.head as Slot
    if (head === keep) continue
    const held = measure === 'bytes' ? owner.bytes : owner.count + (owner === adder ? 1 : 0)
    if (held > most || (held === most && head.id < oldestId)) {
      best = owner
      most = held
      oldestId = head.id
    }
  }
  return best
}

/** Oldest first; at most `limit` of the newest; with a view, only that session's. */
export function keptSlots(ring: Ring, limit: number, view: JournalView | undefined): Slot[] {
  const wanted = Math.max(0, Math.floor(limit))
  const kept: Slot[] = []
  if (view) {
    for (let slot = ring.owners.get(view.session)?.head; slot; slot = slot.ownerNext) {
      if (slot.id >= view.from) kept.push(slot)
    }
    return kept.slice(Math.max(0, kept.length - wanted))
  }
  // Newest first, back from the last entry written, until `wanted` are found.
  for (let slot = ring.newest; slot && kept.length < wanted; slot = slot.prev) kept.push(slot)
  return kept.reverse()
}

/** An empty journal of these bounds, checked. */
export function newRing(capacity: number, maxBytes: number, released: JournalBytes): Ring {
  checkBounds(capacity, maxBytes)
  return {
    capacity,
    maxBytes,
    owners: new Map(),
    newest: null,
    size: 0,
    bytes: 0,
    nextId: 1,
    free: [],
    released,
  }
}

function checkBounds(capacity: number, maxBytes: number): void {
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
}
