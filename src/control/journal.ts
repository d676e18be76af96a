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
  readonly responseHeaders: readonly (readonly [string, string])[]
  readonly responseBody: string | null
}

/**
 * What `add` takes: the costly parts (ISO time, header lists) stay raw and are only turned into
 * the entry's form when someone reads the journal, never on the hot path of a request.
 */
export interface JournalRecord extends Omit<
  JournalEntry,
  'id' | 'time' | 'requestHeaders' | 'responseHeaders'
> {
  readonly startedAt: number
  readonly requestHeaders: Headers
  readonly responseHeaders: Headers | null
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

export function truncateBody(text: string | null): string | null {
  if (text === null || text.length <= journalBodyLimit) return text
  return `${text.slice(0, journalBodyLimit)}… (${text.length - journalBodyLimit} more characters)`
}

/** A ring buffer of the most recent requests: memory stays bounded under any load. */
export function createJournal(capacity = 500): Journal {
  const slots: Array<JournalRecord & { id: number }> = []
  let next = 0
  let nextId = 1
  return {
    capacity,
    add(record) {
      const stored = { ...record, id: nextId++ }
      if (slots.length < capacity) slots.push(stored)
      else slots[next] = stored
      next = (next + 1) % capacity
    },
    entries(limit = capacity) {
      const ordered =
        slots.length < capacity ? slots.slice() : [...slots.slice(next), ...slots.slice(0, next)]
      const wanted = limit >= ordered.length ? ordered : ordered.slice(ordered.length - limit)
      return wanted.map(({ startedAt, requestHeaders, responseHeaders, ...rest }) => ({
        ...rest,
        time: new Date(startedAt).toISOString(),
        requestHeaders: [...requestHeaders],
        responseHeaders: responseHeaders ? [...responseHeaders] : [],
      }))
    },
    clear() {
      slots.length = 0
      next = 0
    },
  }
}
