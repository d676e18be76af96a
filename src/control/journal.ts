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

/** A body as kept: short ones whole (bytes counted when read), long ones cut (counted now). */
interface KeptBody {
  readonly text: string | null
  readonly bytes: number | null
}

function keep(text: string | null): KeptBody {
  if (text === null || text.length <= journalBodyLimit) return { text, bytes: null }
  return { text: truncateBody(text), bytes: utf8Length(text) }
}

function bytesOf(body: KeptBody): number {
  return body.bytes ?? utf8Length(body.text)
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

/** A ring buffer of the most recent requests: memory stays bounded under any load. */
export function createJournal(capacity = 500): Journal {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new Error(
      `Failed to create the journal: its size must be a whole number of at least 1, got ${capacity}`,
    )
  }
  type Stored = Omit<JournalRecord, 'requestText' | 'responseText'> & {
    id: number
    request: KeptBody
    response: KeptBody
  }
  const slots: Stored[] = []
  let next = 0
  let nextId = 1
  return {
    capacity,
    add(record) {
      // Named fields, not rest and spread: this runs once per request.
      const stored: Stored = {
        id: nextId++,
        startedAt: record.startedAt,
        method: record.method,
        url: record.url,
        format: record.format,
        status: record.status,
        statusText: record.statusText,
        durationMs: record.durationMs,
        delayMs: record.delayMs,
        fault: record.fault,
        warnings: record.warnings,
        requestHeaders: record.requestHeaders,
        responseHeaders: record.responseHeaders,
        request: keep(record.requestText),
        response: keep(record.responseText),
      }
      if (slots.length < capacity) slots.push(stored)
      else slots[next] = stored
      next = (next + 1) % capacity
    },
    entries(limit = capacity) {
      const ordered =
        slots.length < capacity ? slots.slice() : [...slots.slice(next), ...slots.slice(0, next)]
      const wanted = limit >= ordered.length ? ordered : ordered.slice(ordered.length - limit)
      return wanted.map(
        ({ startedAt, requestHeaders, responseHeaders, request, response, ...rest }) => ({
          ...rest,
          time: new Date(startedAt).toISOString(),
          requestHeaders: [...asHeaders(requestHeaders)],
          requestBody: request.text,
          requestBytes: bytesOf(request),
          // As `Headers` lists them (lower-case, sorted), whichever form was kept.
          responseHeaders: responseHeaders
            ? [
                ...(responseHeaders instanceof Headers
                  ? responseHeaders
                  : new Headers(responseHeaders)),
              ]
            : [],
          responseBody: response.text,
          responseBytes: bytesOf(response),
        }),
      )
    },
    clear() {
      slots.length = 0
      next = 0
    },
  }
}

/** Either form as `Headers`, which lists names lower-cased and sorted, repeats joined. */
function asHeaders(headers: Headers | readonly string[]): Headers {
  if (headers instanceof Headers) return headers
  const out = new Headers()
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = headers[i] as string
    // HTTP/2 pseudo-headers (`:path`) are not headers a page could send.
    if (name.startsWith(':')) continue
    try {
      out.append(name, headers[i + 1] as string)
    } catch {
      // A value Headers refuses (the Node parser let it through): left out of the record.
    }
  }
  return out
}
