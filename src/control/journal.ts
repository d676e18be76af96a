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

/** UTF-8 size of a text without encoding it: a counting loop, no allocation. */
export function utf8Length(text: string | null): number {
  if (text === null) return -1
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2 // a surrogate pair: 4 bytes for 2 code units
      i++
    } else bytes += 2
  }
  return bytes
}

export function truncateBody(text: string | null): string | null {
  if (text === null || text.length <= journalBodyLimit) return text
  return `${text.slice(0, journalBodyLimit)}… (${text.length - journalBodyLimit} more characters)`
}

/**
 * A ring buffer of the most recent requests: memory stays bounded under any load. The ring's
 * slots are made once and reused, and an entry's texts (URL, headers, bodies) are copied into
 * its slot's own bytes as UTF-8, which is also what went over the wire. Keeping the request's
 * strings instead held a few dozen objects per request past the young generation; under load
 * the garbage collector's copying and promoting of them cost about a sixth of the throughput.
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

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const noWarnings: readonly string[] = []

/**
 * One kept request. Its texts are UTF-8 in `bytes`, one after another, each ending at the offset
 * in `ends`: URL, request headers, request body, response headers, response body. Header lists
 * are names and values joined by NUL, which neither the Node parser nor `Headers` lets into a
 * header. A missing body or header list is `-1` in `nulls`' place for it.
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
  /** Byte counts of bodies cut to `journalBodyLimit`; -1 when the text kept is whole. */
  requestBytes = -1
  responseBytes = -1
  /** Bit 1: no request body; bit 2: no response headers; bit 4: no response body. */
  nulls = 0
  readonly ends = new Int32Array(5)
  bytes = new Uint8Array(1024)

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
    const requestBody = record.requestText
    const responseBody = record.responseText
    this.requestBytes = isCut(requestBody) ? utf8Length(requestBody) : -1
    this.responseBytes = isCut(responseBody) ? utf8Length(responseBody) : -1
    const responseHeaders = record.responseHeaders
    this.nulls =
      (requestBody === null ? 1 : 0) |
      (responseHeaders === null ? 2 : 0) |
      (responseBody === null ? 4 : 0)
    const texts = [
      record.url,
      joinHeaders(record.requestHeaders),
      truncateBody(requestBody) ?? '',
      responseHeaders === null ? '' : joinHeaders(responseHeaders),
      truncateBody(responseBody) ?? '',
    ]
    // UTF-8 takes at most 3 bytes per UTF-16 unit: room for the worst case, grown rarely.
    let room = 0
    for (const text of texts) room += text.length * 3
    if (room > this.bytes.length) {
      let length = this.bytes.length * 2
      while (length < room) length *= 2
      this.bytes = new Uint8Array(length)
    }
    let end = 0
    for (let i = 0; i < texts.length; i++) {
      end += encoder.encodeInto(texts[i] as string, this.bytes.subarray(end)).written
      this.ends[i] = end
    }
  }

  entry(): JournalEntry {
    const [url, requestHeaders, requestBody, responseHeaders, responseBody] = this.texts()
    const requestKept = this.nulls & 1 ? null : requestBody
    const responseKept = this.nulls & 4 ? null : responseBody
    return {
      id: this.id,
      time: new Date(this.startedAt).toISOString(),
      method: this.method,
      url,
      format: this.format,
      status: this.status,
      statusText: this.statusText,
      durationMs: this.durationMs,
      delayMs: this.delayMs,
      fault: this.fault,
      warnings: this.warnings,
      // As `Headers` lists them (lower-case, sorted, repeats joined), whichever form was kept.
      requestHeaders: [...asHeaders(requestHeaders)],
      requestBody: requestKept,
      requestBytes: this.requestBytes >= 0 ? this.requestBytes : utf8Length(requestKept),
      responseHeaders: this.nulls & 2 ? [] : [...asHeaders(responseHeaders)],
      responseBody: responseKept,
      responseBytes: this.responseBytes >= 0 ? this.responseBytes : utf8Length(responseKept),
    }
  }

  private texts(): [string, string, string, string, string] {
    const out: string[] = []
    let start = 0
    for (const end of this.ends) {
      out.push(decoder.decode(this.bytes.subarray(start, end)))
      start = end
    }
    return out as [string, string, string, string, string]
  }
}

function isCut(text: string | null): text is string {
  return text !== null && text.length > journalBodyLimit
}

/** Any kept form of a header list as names and values joined by NUL. */
function joinHeaders(
  headers: Headers | readonly string[] | Readonly<Record<string, string>>,
): string {
  if (Array.isArray(headers)) return headers.join('\0')
  const parts: string[] = []
  const pairs = headers instanceof Headers ? headers : Object.entries(headers)
  for (const [name, value] of pairs) parts.push(name, value)
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
