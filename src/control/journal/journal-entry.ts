// The journal's shapes: what it takes of a request and what it lists, the entry's two forms,
// declared once each (the record is the entry minus what the journal derives), and the journal.

/** One answered request, as `GET /__mock/journal` lists it. */
export interface JournalEntry {
  readonly id: number
  /** ISO time the request arrived. */
  readonly time: string
  /** The session the request named (`X-Mock-Session`), or null for the shared state. */
  readonly session: string | null
  /** Who answered: `mock` (its operations), `replay` (a recording) or `proxy` (the real host). */
  readonly source: 'mock' | 'proxy' | 'replay'
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
  /**
   * No route took the request (a path a few edits away, another verb, the real host's route):
   * its warning says what it was near. For the dashboard's and tools' filters.
   */
  readonly nearMiss: boolean
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
  | 'nearMiss'
> {
  readonly startedAt: number
  /** Names and values in turn, as sent (Node's `rawHeaders`). */
  readonly requestHeaders: readonly string[]
  /** The plain record the answer was built with; null for a network error. */
  readonly responseHeaders: Readonly<Record<string, string>> | null
  /** The whole bodies: the journal cuts long ones and counts their bytes itself. */
  readonly requestText: string | null
  readonly responseText: string | null
  /** How many warnings there were in all (`warnings` may end with `… and N more`). */
  readonly warningCount?: number
  /** See `JournalEntry.nearMiss`; absent: false. */
  readonly nearMiss?: boolean
}

export interface Journal {
  readonly capacity: number
  /** The most bytes the kept entries may hold together; past it the largest holder gives up its oldest. */
  readonly maxBytes: number
  /** What the kept entries hold now, in bytes. */
  readonly bytes: number
  /** The id the next entry gets: a session's view starts there after it clears its journal. */
  readonly nextId: number
  add(record: JournalRecord): void
  /** Oldest first; at most `limit` of the newest; with a view, only that session's. */
  entries(limit?: number, view?: JournalView): JournalEntry[]
  /** Drops every entry of a session (the session was deleted or evicted). */
  forget(session: string): void
  clear(): void
}

/** One session's part of the journal: its entries from entry `from` on. */
export interface JournalView {
  readonly session: string
  readonly from: number
}
