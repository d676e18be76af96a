import { cutText } from '../../wire/index.ts'
import type { Journal, JournalRecord } from './journal-entry.ts'
import { keptSlots, newRing, victimOf, type Ring } from './journal-shares.ts'
import {
  blankSlot,
  cutBody,
  entryOf,
  journalBodyLimit,
  journalHeadersLimit,
  journalUrlLimit,
  journalWarningsLimit,
  type Owner,
  type Slot,
} from './journal-slot.ts'
import {
  joinHeaders,
  keptWarnings,
  noWarnings,
  textCost,
  textWriterOf,
  type TextWriter,
} from './journal-texts.ts'

export type { Journal, JournalEntry, JournalRecord, JournalView } from './journal-entry.ts'

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
  const ring = newRing(capacity, maxBytes, writer.alloc(0))
  return {
    capacity,
    maxBytes,
    get bytes() {
      return ring.bytes
    },
    get nextId() {
      return ring.nextId
    },
    add: (record) => add(ring, record, writer),
    entries: (limit = capacity, view) => keptSlots(ring, limit, view).map(entryOf),
    forget(session) {
      for (let slot = ring.owners.get(session)?.head; slot; slot = ring.owners.get(session)?.head) {
        drop(ring, slot)
      }
    },
    clear() {
      ring.owners = new Map()
      ring.newest = null
      ring.size = 0
      ring.bytes = 0
      ring.free = []
    },
  }
}

/** One request in: it takes a slot (a new one, or the oldest of the largest holder's) and fills it. */
function add(ring: Ring, record: JournalRecord, writer: TextWriter): void {
  const { owners } = ring
  const session = record.session
  const owner = owners.get(session) ?? { session, head: null, tail: null, count: 0, bytes: 0 }
  let slot: Slot
  if (ring.size < ring.capacity) {
    slot = ring.free.pop() ?? { ...blankSlot, owner, bytes: ring.released }
  } else {
    // Full: the oldest entry of the largest holder gives its slot (and its buffer) up; when the
    // adder is the one holder, its own.
    const victim = owners.size === 1 && owner.head ? owner : victimOf(owners, 'count', owner)
    slot = (victim as Owner).head as Slot
    unlink(ring, slot)
  }
  fill(slot, ring.nextId++, record, writer)
  // The newest entry, of this owner.
  slot.owner = owner
  slot.prev = ring.newest
  if (ring.newest) ring.newest.next = slot
  ring.newest = slot
  if (owner.tail) owner.tail.ownerNext = slot
  else {
    owner.head = slot
    owners.set(session, owner)
  }
  owner.tail = slot
  owner.count++
  owner.bytes += slot.cost
  ring.size++
  ring.bytes += slot.cost
  // Past the budget the largest holders give up their oldest; never the entry just added.
  while (ring.bytes > ring.maxBytes) {
    const victim = victimOf(owners, 'bytes', owner, slot)
    if (!victim) break
    drop(ring, victim.head as Slot)
  }
}

/** Takes its owner's oldest entry out of both orders, and its bytes out of the count. */
function unlink(ring: Ring, slot: Slot): void {
  const { owner, prev, next, cost } = slot
  if (prev) prev.next = next
  if (next) next.prev = prev
  else ring.newest = prev
  owner.head = slot.ownerNext
  if (!owner.head) {
    owner.tail = null
    ring.owners.delete(owner.session)
  }
  owner.count--
  owner.bytes -= cost
  ring.size--
  ring.bytes -= cost
  slot.prev = null
  slot.next = null
  slot.ownerNext = null
}

/** An entry dropped: its slot lets go of what it holds and waits for the next entry. */
function drop(ring: Ring, slot: Slot): void {
  unlink(ring, slot)
  slot.bytes = ring.released
  slot.warnings = noWarnings
  slot.responseHeaders = null
  slot.cost = 0
  ring.free.push(slot)
}

/** The first buffer of a slot: most entries fit in it. */
const firstSize = 1024

/**
 * Copies a request into a slot: its fields, and its texts into the slot's bytes. A text is cut
 * (journal-slot.ts) only when it is over its limit.
 */
function fill(slot: Slot, id: number, record: JournalRecord, writer: TextWriter): void {
  slot.id = id
  slot.startedAt = record.startedAt
  slot.session = record.session
  slot.source = record.source
  slot.method = record.method
  slot.format = record.format
  slot.status = record.status
  slot.statusText = record.statusText
  slot.durationMs = record.durationMs
  slot.delayMs = record.delayMs
  slot.fault = record.fault
  const listed = record.warnings
  const warnings =
    listed.length === 0
      ? noWarnings
      : keptWarnings(listed, record.warningCount ?? listed.length, journalWarningsLimit)
  slot.warnings = warnings
  slot.nearMiss = record.nearMiss ?? false
  slot.responseHeaders = record.responseHeaders
  const url =
    record.url.length <= journalUrlLimit ? record.url : cutText(record.url, journalUrlLimit)
  let headers = record.requestHeaders.join('\0')
  if (headers.length > journalHeadersLimit) {
    headers = joinHeaders(record.requestHeaders, journalHeadersLimit)
  }
  const requestBody = record.requestText
  const responseBody = record.responseText
  slot.nulls = (requestBody === null ? 1 : 0) | (responseBody === null ? 2 : 0)
  slot.requestBytes = -1
  slot.responseBytes = -1
  let request = requestBody ?? ''
  if (request.length > journalBodyLimit) request = cutBody(slot, request, 'requestBytes')
  let response = responseBody ?? ''
  if (response.length > journalBodyLimit) response = cutBody(slot, response, 'responseBytes')
  // UTF-8 takes at most 3 bytes per UTF-16 unit: room for the worst case, grown rarely, and
  // made smaller again when a flood of large entries is over.
  const room = (url.length + request.length + response.length) * 3 + headers.length
  const size = slot.bytes.length
  if (room > size || (size > 4 * firstSize && room * 4 < size)) {
    let length = firstSize
    while (length < room) length *= 2
    slot.bytes = writer.alloc(length)
  }
  const bytes = slot.bytes
  let end = bytes.utf8Write(url, 0)
  slot.urlEnd = end
  end += bytes.latin1Write(headers, end)
  slot.headersEnd = end
  end += bytes.utf8Write(request, end)
  slot.requestEnd = end
  end += bytes.utf8Write(response, end)
  slot.responseEnd = end
  slot.cost = bytes.length + (warnings === noWarnings ? 0 : textCost(warnings))
}
