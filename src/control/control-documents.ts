import type { Counts } from '../store/index.ts'
import type { FaultRule } from './fault-rules.ts'
import type { JournalEntry } from './journal/journal.ts'
import type { Latency } from './prefer.ts'
import type { Notice } from './notices.ts'
import type { stateCollections } from './state/state-document.ts'

// The JSON documents the control routes answer and the dashboard reads: declared once, so the
// routes that write them and the page that draws them cannot drift apart.

export type CollectionName = (typeof stateCollections)[number]['name']

/** `GET /__mock/settings` and `PUT /__mock/latency`. */
export interface SettingsDocument {
  readonly seed: number
  readonly counts: Readonly<Counts>
  readonly basePath: string
  readonly strict: boolean
  readonly defaultFormat: string
  readonly latency: Latency | null
  readonly faults: readonly FaultRule[]
  readonly journalCapacity: number
  readonly maxSnapshots: number
  /** The session these settings are of (`X-Mock-Session`), or null for the shared state. */
  readonly session: string | null
  /** The scenario that state is in. */
  readonly scenario: string
  readonly sessions: number
  readonly maxSessions: number
  /** Where what the mock does not implement goes (`--proxy`), or null. */
  readonly upstream: string | null
  /** Implemented operations sent there too (`--passthrough`). */
  readonly passthrough: readonly string[]
  /** The recordings served (`--replay`). */
  readonly replay: readonly string[]
  /** Where the proxy records (`--record`), or null. */
  readonly record: RecordingSummary | null
  /** The recordings served, in the order they are tried. */
  readonly replays: readonly RecordingSummary[]
}

/** A HAR file the mock writes (`--record`) or serves (`--replay`). */
export interface RecordingSummary {
  /** As it was given. */
  readonly file: string
  /** How many entries it holds now: a recording's grow as the proxy's answers are written. */
  readonly entries: number
}

/** `GET /__mock/notices`: oldest first. */
export interface NoticesDocument {
  readonly notices: readonly Notice[]
}

/** One session of `GET /__mock/sessions`. */
export interface SessionSummary {
  readonly id: string
  readonly scenario: string
  /** ISO times. */
  readonly createdAt: string
  readonly lastUsedAt: string
  /** How many requests named it: operations and control writes (a `GET /__mock/...` is no use). */
  readonly requests: number
}

/** `GET /__mock/sessions`: least recently used first (`?limit=N`: the N most recent). */
export interface SessionsDocument {
  readonly sessions: readonly SessionSummary[]
  /** How many sessions there are, listed or not. */
  readonly count: number
  readonly max: number
}

/** `GET /__mock/scenarios`: the scenario the state is in, and every one the mock knows. */
export interface ScenariosDocument {
  readonly current: string
  readonly scenarios: readonly { readonly name: string; readonly description: string }[]
}

/** One entry of `GET /__mock/snapshots`, and the answer to saving or restoring one. */
export interface SnapshotSummary {
  readonly name: string
  readonly seed: number
  /** ISO time it was saved. */
  readonly savedAt: string
}

/** `GET /__mock/snapshots`. */
export interface SnapshotsDocument {
  readonly snapshots: readonly SnapshotSummary[]
}

/** `GET /__mock/journal`: oldest first. */
export interface JournalDocument {
  readonly capacity: number
  readonly entries: readonly JournalEntry[]
}

/** `POST /__mock/reset`. */
export interface ResetDocument {
  readonly seed: number
}

/**
 * A page of `GET /__mock/state`: the collections asked for, each entity in its JSON wire form,
 * and the counts of every collection.
 */
export type StatePageDocument = {
  readonly [C in CollectionName]?: readonly Readonly<Record<string, unknown>>[]
} & {
  readonly Counts: { readonly [C in CollectionName]: number }
  readonly Offset: number
  readonly Limit: number
}
