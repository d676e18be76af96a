import { utf8Length } from '../wire/index.ts'

/** One answered request, as `GET /__mock/journal` lists it. */
export interface JournalEntry {
  readonly id: number
  /** ISO time the request arrived. */
  readonly time: string
  readonly method: string
  readonly url: string
  /** The negotiated format, or null when no operation answered (a 404). */
  readonly format: string | null
  readonly status: number
  readonly statusText: string
  readonly durationMs: number
  /** The latency the mock added, in ms (0 for none). */
  readonly delayMs: number
  /** The fault applied: `code=503 (Prefer)`, `network (rule 2)`, `aborted`, or null. */
  readonly fault: string | null
  readonly warnings: readonly string[]
  readonly requestHeaders: readonly (readonly [string, string])[]
  readonly requestBody: string | null
  /** The whole request body's size in UTF-8 bytes (the text above may be cut); -1 if unknown. */
  readonly requestBytes: number
  readonly responseHeaders: readonly (readonly [string, string])[]
  readonly responseBody: string | null
  /** The whole response body's size in UTF-8 bytes; -1 if unknown. */
  readonly responseBytes: number
}

/**
 * What `add` takes: the costly parts (ISO time, header lists) stay raw and are only turned into
 * the entry's form when someone reads the journal, never on the hot path of a request.
 */
export interface JournalRecord extends Omit<
  JournalEntry,
  | 'id'
  | 'time'
  | 'requestHeaders'
  | 'responseHeaders'
  | 'requestBody'
  | 'requestBytes'
  | 'responseBody'
  | 'responseBytes'
> {
  readonly startedAt: number
  /** A Headers object, or a raw list of names and values in turn (Node's `rawHeaders`). */
  readonly requestHeaders: Headers | readonly string[]
  /** A Headers object, or the plain record an answer was built with. */
  readonly responseHeaders: Headers | Readonly<Record<string, string>> | null
  /** The whole bodies: the journal cuts long ones and counts their bytes itself. */
  readonly requestText: string | null
  readonly responseText: string | null
}

export interface Journal {
  readonly capacity: number
  add(record: JournalRecord): void
  /** Oldest first; at most `limit` of the newest. */
  entries(limit?: number): JournalEntry[]
  clear(): void
}

/** The longest body text a journal entry keeps; longer ones are cut and marked. */
export const journalBodyLimit = 4096

/** A body's size in UTF-8 bytes; -1 for none. */
function byteCount(text: string | null): number {
  return text === null ? -1 : utf8Length(text)
}

export function truncateBody(text: string | null): string | null {
  if (text === null || text.length <= journalBodyLimit) return text
  return `${text.slice(0, journalBodyLimit)}… (${text.length - journalBodyLimit} more characters)`
}

/**
 * A ring buffer of the most recent requests: memory stays bounded under any load. The ring's
 * slots are made once and reused, and an entry's texts (URL, headers, bodies) are copied into
 * its slot's own bytes. Keeping the request's strings instead held a few dozen objects per
 * request past the young generation: under load (`--trace-gc`) the garbage collector spent
 * about 5 µs per request copying and promoting them, against about 2 µs with the bytes.
 */
export function createJournal(capacity = 500): Journal {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new Error(
      `Failed to create the journal: its size must be a whole number of at least 1, got ${capacity}`,
    )
  }
  const slots: Slot[] = []
  let size = 0
  let next = 0
  let nextId = 1
  return {
    capacity,
    add(record) {
      let slot = slots[next]
      if (!slot) {
        slot = new Slot()
        slots[next] = slot
      }
      slot.fill(nextId++, record)
      next = (next + 1) % capacity
      if (size < capacity) size++
    },
    entries(limit = capacity) {
      const count = Math.min(Math.max(0, Math.floor(limit)), size)
      const out: JournalEntry[] = []
      // The oldest kept entry is at `next` once the ring is full, at 0 before.
      const first = (next - size + capacity) % capacity
      for (let i = size - count; i < size; i++) {
        out.push((slots[(first + i) % capacity] as Slot).entry())
      }
      return out
    },
    clear() {
      slots.length = 0
      size = 0
      next = 0
    },
  }
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

/**
 * One kept request. Its texts are in `bytes`, one after another, each ending at its `…End`
 * offset: the URL, the request's headers, its body and the answer's body, as UTF-8, which is
 * what went over the wire, except the headers: names and values joined by NUL (which neither
 * the Node parser nor `Headers` lets into a header) as Latin-1, since header values are bytes.
 * The answer's headers are kept as they came: a small record of the mock's own strings.
 */
class Slot {
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
  bytes = writer.alloc(1024)

  fill(id: number, record: JournalRecord): void {
    this.id = id
    this.startedAt = record.startedAt
    this.method = record.method
    this.format = record.format
    this.status = record.status
    this.statusText = record.statusText
    this.durationMs = record.durationMs
    this.delayMs = record.delayMs
    this.fault = record.fault
    this.warnings = record.warnings.length > 0 ? record.warnings : noWarnings
    this.responseHeaders = record.responseHeaders
    const url = record.url
    const requestHeaders = joinHeaders(record.requestHeaders)
    const requestBody = record.requestText
    const responseBody = record.responseText
    this.nulls = (requestBody === null ? 1 : 0) | (responseBody === null ? 2 : 0)
    this.requestBytes = isCut(requestBody) ? byteCount(requestBody) : -1
    this.responseBytes = isCut(responseBody) ? byteCount(responseBody) : -1
    const requestKept = truncateBody(requestBody) ?? ''
    const responseKept = truncateBody(responseBody) ?? ''
    // UTF-8 takes at most 3 bytes per UTF-16 unit: room for the worst case, grown rarely.
    const room = (url.length + requestKept.length + responseKept.length) * 3 + requestHeaders.length
    if (room > this.bytes.length) {
      let length = this.bytes.length * 2
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

function isCut(text: string | null): text is string {
  return text !== null && text.length > journalBodyLimit
}

/** A request's headers, in either form, as names and values joined by NUL. */
function joinHeaders(headers: Headers | readonly string[]): string {
  if (!(headers instanceof Headers)) return headers.join('\0')
  const parts: string[] = []
  for (const [name, value] of headers) parts.push(name, value)
  return parts.join('\0')
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
