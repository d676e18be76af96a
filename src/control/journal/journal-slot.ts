import { cutText, utf8Length } from '../../wire/index.ts'
import type { JournalEntry, JournalRecord } from './journal-entry.ts'
import {
  asHeaders,
  joinHeaders,
  keptWarnings,
  noWarnings,
  textCost,
  type TextWriter,
} from './journal-texts.ts'

/** The longest body text a journal entry keeps; longer ones are cut and marked. */
export const journalBodyLimit = 4096
/** The longest URL an entry keeps, in characters (a service worker's URLs have no limit). */
export const journalUrlLimit = 4096
/** The most request-header text an entry keeps, names and values (whole headers only). */
export const journalHeadersLimit = 8192
/** The most warning text an entry keeps; the list then ends with `… and N more`. */
export const journalWarningsLimit = 4096

/** A body's size in UTF-8 bytes; -1 for none. */
function byteCount(text: string | null): number {
  return text === null ? -1 : utf8Length(text)
}

export function truncateBody(text: string | null): string | null {
  if (text === null || text.length <= journalBodyLimit) return text
  return `${text.slice(0, journalBodyLimit)}… (${text.length - journalBodyLimit} more characters)`
}

const decoder = new TextDecoder()

/** The first buffer of a slot: most entries fit in it. */
const firstSize = 1024
const released = new Uint8Array(0)

/**
 * One kept request. Its texts are in `bytes`, one after another, each ending at its `…End`
 * offset: the URL, the request's headers, its body and the answer's body, as UTF-8, which is
 * what went over the wire, except the headers: names and values joined by NUL (which neither
 * the Node parser nor `Headers` lets into a header) as Latin-1, since header values are bytes.
 * The answer's headers are kept as they came: a small record of the mock's own strings. Every
 * text is cut to its limit above, so a slot never holds more than about 45 KB.
 */
export class Slot {
  id = 0
  startedAt = 0
  session: string | null = null
  source: JournalEntry['source'] = 'mock'
  method = ''
  format: string | null = null
  status = 0
  statusText = ''
  durationMs = 0
  delayMs = 0
  fault: string | null = null
  warnings: readonly string[] = noWarnings
  nearMiss = false
  responseHeaders: Readonly<Record<string, string>> | null = null
  /** Byte counts of bodies cut to `journalBodyLimit`; -1 when the text kept is whole. */
  requestBytes = -1
  responseBytes = -1
  /** Bit 1: no request body; bit 2: no response body. */
  nulls = 0
  urlEnd = 0
  headersEnd = 0
  requestEnd = 0
  responseEnd = 0
  bytes: Uint8Array = released
  /** What this slot holds, in bytes: its buffer and its warnings' text (two bytes a unit). */
  cost = 0

  /** Fills the slot; returns how many bytes its cost changed by. */
  fill(id: number, record: JournalRecord, writer: TextWriter): number {
    const before = this.cost
    this.id = id
    this.startedAt = record.startedAt
    this.session = record.session
    this.source = record.source
    this.method = record.method
    this.format = record.format
    this.status = record.status
    this.statusText = record.statusText
    this.durationMs = record.durationMs
    this.delayMs = record.delayMs
    this.fault = record.fault
    this.warnings = keptWarnings(
      record.warnings,
      record.warningCount ?? record.warnings.length,
      journalWarningsLimit,
    )
    this.nearMiss = record.nearMiss ?? false
    this.responseHeaders = record.responseHeaders
    const url = cutText(record.url, journalUrlLimit)
    const requestHeaders = joinHeaders(record.requestHeaders, journalHeadersLimit)
    const requestBody = record.requestText
    const responseBody = record.responseText
    this.nulls = (requestBody === null ? 1 : 0) | (responseBody === null ? 2 : 0)
    this.requestBytes = isCut(requestBody) ? byteCount(requestBody) : -1
    this.responseBytes = isCut(responseBody) ? byteCount(responseBody) : -1
    const requestKept = truncateBody(requestBody) ?? ''
    const responseKept = truncateBody(responseBody) ?? ''
    // UTF-8 takes at most 3 bytes per UTF-16 unit: room for the worst case, grown rarely, and
    // made smaller again when a flood of large entries is over.
    const room = (url.length + requestKept.length + responseKept.length) * 3 + requestHeaders.length
    const size = this.bytes.length
    if (room > size || (size > 4 * firstSize && room * 4 < size)) {
      let length = firstSize
      while (length < room) length *= 2
      this.bytes = writer.alloc(length)
    }
    const bytes = this.bytes
    let end = writer.utf8(bytes, url, 0)
    this.urlEnd = end
    end += writer.latin1(bytes, requestHeaders, end)
    this.headersEnd = end
    end += writer.utf8(bytes, requestKept, end)
    this.requestEnd = end
    end += writer.utf8(bytes, responseKept, end)
    this.responseEnd = end
    this.cost = this.bytes.length + textCost(this.warnings)
    return this.cost - before
  }

  /** Lets go of what the slot holds (its entry was dropped); returns the bytes freed. */
  release(): number {
    const freed = this.cost
    this.bytes = released
    this.warnings = noWarnings
    this.responseHeaders = null
    this.cost = 0
    return freed
  }

  entry(): JournalEntry {
    const { urlEnd, headersEnd, requestEnd, responseEnd } = this
    const requestBody = this.nulls & 1 ? null : this.#utf8(headersEnd, requestEnd)
    const responseBody = this.nulls & 2 ? null : this.#utf8(requestEnd, responseEnd)
    const responseHeaders = this.responseHeaders
    return {
      id: this.id,
      time: new Date(this.startedAt).toISOString(),
      session: this.session,
      source: this.source,
      method: this.method,
      url: this.#utf8(0, urlEnd),
      format: this.format,
      status: this.status,
      statusText: this.statusText,
      durationMs: this.durationMs,
      delayMs: this.delayMs,
      fault: this.fault,
      warnings: this.warnings,
      nearMiss: this.nearMiss,
      // As `Headers` lists them (lower-case, sorted, repeats joined), whichever form was kept.
      requestHeaders: [...asHeaders(this.#latin1(urlEnd, headersEnd))],
      requestBody,
      requestBytes: this.requestBytes >= 0 ? this.requestBytes : byteCount(requestBody),
      responseHeaders: responseHeaders ? [...new Headers(responseHeaders)] : [],
      responseBody,
      responseBytes: this.responseBytes >= 0 ? this.responseBytes : byteCount(responseBody),
    }
  }

  #utf8(start: number, end: number): string {
    return decoder.decode(this.bytes.subarray(start, end))
  }

  #latin1(start: number, end: number): string {
    let out = ''
    for (let i = start; i < end; i += 4096) {
      out += String.fromCharCode(...this.bytes.subarray(i, Math.min(end, i + 4096)))
    }
    return out
  }
}

function isCut(text: string | null): text is string {
  return text !== null && text.length > journalBodyLimit
}
