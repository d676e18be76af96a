import { utf8Length } from '../../wire/index.ts'
import type { JournalEntry } from './journal-entry.ts'
import { asHeaders, noWarnings, type JournalBytes } from './journal-texts.ts'

// A journal entry's slot, and what only a request past a limit or a read of the journal needs of
// it: journal.ts fills a slot, and calls here only to cut a text that is over its limit.

/** The longest body text a journal entry keeps; longer ones are cut and marked. */
export const journalBodyLimit = 4096
/** The longest URL an entry keeps, in characters (a service worker's URLs have no limit). */
export const journalUrlLimit = 4096
/** The most request-header text an entry keeps, names and values (whole headers only). */
export const journalHeadersLimit = 8192
/** The most warning text an entry keeps; the list then ends with `… and N more`. */
export const journalWarningsLimit = 4096

/**
 * One kept request, and its place in the journal's two orders. Its texts are in `bytes`, one
 * after another, each ending at its `…End` offset: the URL, the request's headers, its body and
 * the answer's body, as UTF-8, which is what went over the wire, except the headers: names and
 * values joined by NUL (which neither the Node parser nor `Headers` lets into a header) as
 * Latin-1, since header values are bytes. The answer's headers are kept as they came: a small
 * record of the mock's own strings. Every text is cut to its limit above, so a slot never holds
 * more than about 45 KB. Made once and reused: the entry that goes gives its slot to the next.
 */
export interface Slot {
  id: number
  startedAt: number
  session: string | null
  source: JournalEntry['source']
  method: string
  format: string | null
  status: number
  statusText: string
  durationMs: number
  delayMs: number
  fault: string | null
  warnings: readonly string[]
  nearMiss: boolean
  responseHeaders: Readonly<Record<string, string>> | null
  /** Byte counts of bodies cut to `journalBodyLimit`; -1 when the text kept is whole. */
  requestBytes: number
  responseBytes: number
  /** Bit 1: no request body; bit 2: no response body. */
  nulls: number
  urlEnd: number
  headersEnd: number
  requestEnd: number
  responseEnd: number
  bytes: JournalBytes
  /** What this slot holds, in bytes: its buffer and its warnings' text (two bytes a unit). */
  cost: number
  /** Whose entry it is, and the entries before and after it, whoever made them. */
  owner: Owner
  prev: Slot | null
  next: Slot | null
  /** The owner's next entry. */
  ownerNext: Slot | null
}

/** The entries of one state (the shared one: null, or a session), oldest first. */
export interface Owner {
  readonly session: string | null
  head: Slot | null
  tail: Slot | null
  count: number
  bytes: number
}

/** A new slot's fields, before its first entry: a slot is made by spreading it. */
export const blankSlot: Omit<Slot, 'owner' | 'bytes'> = {
  id: 0,
  startedAt: 0,
  session: null,
  source: 'mock',
  method: '',
  format: null,
  status: 0,
  statusText: '',
  durationMs: 0,
  delayMs: 0,
  fault: null,
  warnings: noWarnings,
  nearMiss: false,
  responseHeaders: null,
  requestBytes: -1,
  responseBytes: -1,
  nulls: 0,
  urlEnd: 0,
  headersEnd: 0,
  requestEnd: 0,
  responseEnd: 0,
  cost: 0,
  prev: null,
  next: null,
  ownerNext: null,
}

export function truncateBody(text: string | null): string | null {
  if (text === null || text.length <= journalBodyLimit) return text
  return `${text.slice(0, journalBodyLimit)}… (${text.length - journalBodyLimit} more characters)`
}

/** A body past the limit: the slot keeps its whole size and returns the text it keeps. */
export function cutBody(slot: Slot, text: string, which: 'requestBytes' | 'responseBytes'): string {
  slot[which] = utf8Length(text)
  return truncateBody(text) as string
}

const decoder = new TextDecoder()

/** The entry a slot keeps, as `GET /__mock/journal` lists it. */
export function entryOf(slot: Slot): JournalEntry {
  const { urlEnd, headersEnd, requestEnd, responseEnd, bytes } = slot
  const utf8 = (start: number, end: number): string => decoder.decode(bytes.subarray(start, end))
  const requestBody = slot.nulls & 1 ? null : utf8(headersEnd, requestEnd)
  const responseBody = slot.nulls & 2 ? null : utf8(requestEnd, responseEnd)
  const responseHeaders = slot.responseHeaders
  return {
    id: slot.id,
    time: new Date(slot.startedAt).toISOString(),
    session: slot.session,
    source: slot.source,
    method: slot.method,
    url: utf8(0, urlEnd),
    format: slot.format,
    status: slot.status,
    statusText: slot.statusText,
    durationMs: slot.durationMs,
    delayMs: slot.delayMs,
    fault: slot.fault,
    warnings: slot.warnings,
    nearMiss: slot.nearMiss,
    // As `Headers` lists them (lower-case, sorted, repeats joined), whichever form was kept.
    requestHeaders: [...asHeaders(latin1(bytes, urlEnd, headersEnd))],
    requestBody,
    requestBytes: slot.requestBytes >= 0 ? slot.requestBytes : byteCount(requestBody),
    responseHeaders: responseHeaders ? [...new Headers(responseHeaders)] : [],
    responseBody,
    responseBytes: slot.responseBytes >= 0 ? slot.responseBytes : byteCount(responseBody),
  }
}

/** A body's size in UTF-8 bytes; -1 for none. */
function byteCount(text: string | null): number {
  return text === null ? -1 : utf8Length(text)
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let out = ''
  for (let i = start; i < end; i += 4096) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 4096)))
  }
  return out
}
