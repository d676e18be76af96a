import { cutText, fitList, utf8Length } from '../wire/index.ts'
import type { JournalEntry, JournalRecord } from './journal.ts'

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
const noWarnings: readonly string[] = []

/** Writes text into bytes at an offset, as UTF-8 or as Latin-1; returns the bytes written. */
interface TextWriter {
  alloc(size: number): Uint8Array
  utf8(bytes: Uint8Array, text: string, offset: number): number
  latin1(bytes: Uint8Array, text: string, offset: number): number
}

/**
 * Node's Buffer writes at an offset in one native call; the web's TextEncoder needs a view per
 * call, and has no Latin-1 (the service worker is not a hot path).
 */
const nodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer
const encoder = new TextEncoder()
const writer: TextWriter = nodeBuffer
  ? {
      alloc: (size) => nodeBuffer.allocUnsafeSlow(size),
      utf8: (bytes, text, offset) => (bytes as Buffer).write(text, offset, 'utf8'),
      latin1: (bytes, text, offset) => (bytes as Buffer).write(text, offset, 'latin1'),
    }
  : {
      alloc: (size) => new Uint8Array(size),
      utf8: (bytes, text, offset) => encoder.encodeInto(text, bytes.subarray(offset)).written,
      latin1: (bytes, text, offset) => {
        for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i)
        return text.length
      },
    }

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
  method = ''
  format: string | null = null
  status = 0
  statusText = ''
  durationMs = 0
  delayMs = 0
  fault: string | null = null
  warnings: readonly string[] = noWarnings
  responseHeaders: Headers | Readonly<Record<string, string>> | null = null
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
  fill(id: number, record: JournalRecord): number {
    const before = this.cost
    this.id = id
    this.startedAt = record.startedAt
    this.method = record.method
    this.format = record.format
    this.status = record.status
    this.statusText = record.statusText
    this.durationMs = record.durationMs
    this.delayMs = record.delayMs
    this.fault = record.fault
    this.warnings = keptWarnings(record)
    this.responseHeaders = record.responseHeaders
    const url = cutText(record.url, journalUrlLimit)
    const requestHeaders = joinHeaders(record.requestHeaders)
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
      method: this.method,
      url: this.#utf8(0, urlEnd),
      format: this.format,
      status: this.status,
      statusText: this.statusText,
      durationMs: this.durationMs,
      delayMs: this.delayMs,
      fault: this.fault,
      warnings: this.warnings,
      // As `Headers` lists them (lower-case, sorted, repeats joined), whichever form was kept.
      requestHeaders: [...asHeaders(this.#latin1(urlEnd, headersEnd))],
      requestBody,
      requestBytes: this.requestBytes >= 0 ? this.requestBytes : byteCount(requestBody),
      responseHeaders: responseHeaders
        ? [...(responseHeaders instanceof Headers ? responseHeaders : new Headers(responseHeaders))]
        : [],
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

/** The record's warnings, or as many as fit in `journalWarningsLimit` and `… and N more`. */
function keptWarnings(record: JournalRecord): readonly string[] {
  const { warnings } = record
  if (warnings.length === 0) return noWarnings
  const total = record.warningCount ?? warnings.length
  const fits = total === warnings.length && textCost(warnings) <= journalWarningsLimit * 2
  return fits ? warnings : fitList(warnings, total, journalWarningsLimit)
}

function textCost(texts: readonly string[]): number {
  let units = 0
  for (const text of texts) units += text.length
  return units * 2
}

function isCut(text: string | null): text is string {
  return text !== null && text.length > journalBodyLimit
}

/**
 * A request's headers, in either form, as names and values joined by NUL; whole headers up to
 * `journalHeadersLimit`, then one `x-mock-journal` header saying how many were left out.
 */
function joinHeaders(headers: Headers | readonly string[]): string {
  let parts: readonly string[] = headers as readonly string[]
  if (headers instanceof Headers) {
    const list: string[] = []
    for (const [name, value] of headers) list.push(name, value)
    parts = list
  }
  const joined = parts.join('\0')
  if (joined.length <= journalHeadersLimit) return joined
  let length = 0
  let kept = 0
  while (kept + 1 < parts.length) {
    const next = (parts[kept] as string).length + (parts[kept + 1] as string).length + 2
    if (length + next > journalHeadersLimit - 64) break
    length += next
    kept += 2
  }
  const note = `${Math.ceil((parts.length - kept) / 2)} more headers left out of the journal`
  return [...parts.slice(0, kept), 'x-mock-journal', note].join('\0')
}

/** A joined header list as `Headers`, which lists names lower-cased and sorted, repeats joined. */
function asHeaders(joined: string): Headers {
  const out = new Headers()
  if (joined === '') return out
  const parts = joined.split('\0')
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const name = parts[i] as string
    // HTTP/2 pseudo-headers (`:path`) are not headers a page could send.
    if (name.startsWith(':')) continue
    try {
      out.append(name, parts[i + 1] as string)
    } catch {
      // A value Headers refuses (the Node parser let it through): left out of the record.
    }
  }
  return out
}
