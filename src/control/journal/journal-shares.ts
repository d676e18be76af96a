import type { Slot } from './journal-slot.ts'

/** One kept entry: its slot, in the order of every entry and in its owner's own order. */
export interface Link {
  readonly slot: Slot
  owner: Owner
  /** The entry before and after it, whoever made them. */
  prev: Link | null
  next: Link | null
  /** The owner's next entry. */
  ownerNext: Link | null
}

/** The entries of one state (the shared one: null, or a session), oldest first. */
export interface Owner {
  readonly session: string | null
  head: Link | null
  tail: Link | null
  count: number
  bytes: number
}

/** The journal's entries as one list, and as one list per state that holds any. */
export interface JournalShares {
  readonly size: number
  readonly newest: Link | null
  /** The state's owner: the one holding entries, or a new one, kept from its first entry on. */
  ownerOf(session: string | null): Owner
  headOf(session: string | null): Link | null
  /** Adds a filled link as the newest entry, of this owner. */
  append(link: Link, owner: Owner): void
  /** Takes out its owner's oldest entry; returns the bytes it held. */
  unlink(link: Link): number
  /**
   * Whoever holds the most (entries with the one about to be added counted for `adder`, or
   * bytes), the one whose oldest entry is oldest among equals. An owner holding only `keep`
   * is passed over. Undefined when nobody else holds anything.
   */
  victim(measure: 'count' | 'bytes', adder: Owner, keep?: Link): Owner | undefined
}

export function createJournalShares(): JournalShares {
  const owners = new Map<string | null, Owner>()
  let newest: Link | null = null
  let size = 0
  return {
    get size() {
      return size
    },
    get newest() {
      return newest
    },
    ownerOf: (session) =>
      owners.get(session) ?? { session, head: null, tail: null, count: 0, bytes: 0 },
    headOf: (session) => owners.get(session)?.head ?? null,
    append(link, owner) {
      link.owner = owner
      link.prev = newest
      link.next = null
      link.ownerNext = null
      if (newest) newest.next = link
      newest = link
      if (owner.tail) owner.tail.ownerNext = link
      else {
        owner.head = link
        owners.set(owner.session, owner)
      }
      owner.tail = link
      owner.count++
      owner.bytes += link.slot.cost
      size++
    },
    unlink(link) {
      const { owner, prev, next } = link
      if (prev) prev.next = next
      if (next) next.prev = prev
      else newest = prev
      owner.head = link.ownerNext
      if (!owner.head) {
        owner.tail = null
        owners.delete(owner.session)
      }
      const cost = link.slot.cost
      owner.count--
      owner.bytes -= cost
      size--
      link.prev = null
      link.next = null
      link.ownerNext = null
      return cost
    },
    victim(measure, adder, keep) {
      let best: Owner | undefined
      let most = -1
      let oldestId = 0
      for (const owner of owners.values()) {
        const head = owner.head as Link
        if (head === keep) continue
        const held = measure === 'bytes' ? owner.bytes : owner.count + (owner === adder ? 1 : 0)
        if (held > most || (held === most && head.slot.id < oldestId)) {
          best = owner
          most = held
          oldestId = head.slot.id
        }
      }
      return best
    },
  }
}
