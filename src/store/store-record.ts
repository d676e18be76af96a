import type { EntityFactory, EntityFactoryMaker } from './entity-factory.ts'
import { forkState, seedState } from './seed-state.ts'
import type { ChangeWatch, SnapshotMap } from './snapshot-map.ts'
import {
  defaultCounts,
  type Counts,
  type StoreSnapshot,
  type StoreState,
  type StoreWatcher,
} from './store-types.ts'

// A store's own state, and what replaces it whole (a snapshot taken, restored, a reset): rare
// next to the writes memory-store.ts counts, and kept apart from them.

/** What a store and its branches share: the makers and the size limit. */
export interface Shared {
  readonly maker: EntityFactoryMaker
  readonly limits: { maxBytes: number }
}

/** A store's own state: what its functions read and change, held in one record. */
export interface StoreRecord {
  readonly shared: Shared
  counts: Counts
  seed: number
  factory: EntityFactory
  generated: number
  bytes: number
  state: StoreState
  readonly listeners: Set<() => void>
  readonly watchers: Set<StoreWatcher>
  /** One accounting watch per collection, set on every state the store takes. */
  readonly watches: Readonly<Record<keyof StoreState, ChangeWatch<object>>>
}

/** The live state's maps, each watched by this store's accounting. */
export function watched(record: StoreRecord, live: StoreState): StoreState {
  for (const kind of Object.keys(record.watches) as (keyof StoreState)[]) {
    ;(live[kind] as unknown as SnapshotMap<object>).watchedBy(record.watches[kind])
  }
  return live
}

export function snapshotOf(record: StoreRecord): StoreSnapshot {
  const { seed, counts, generated, state, bytes } = record
  return { seed, counts, generated, state: forkState(state), bytes }
}

/** Back to a snapshot (the caller tells the watchers and listeners). */
export function restoreStore(record: StoreRecord, snapshot: StoreSnapshot): void {
  const next = forkState(snapshot.state)
  record.bytes = snapshot.bytes ?? 0
  record.seed = snapshot.seed
  record.counts = snapshot.counts ?? record.counts
  if (record.factory.seed !== record.seed) record.factory = record.shared.maker(record.seed)
  record.generated = snapshot.generated
  record.state = watched(record, next)
}

/** Back to a seeded state (the caller tells the watchers and listeners). */
export function resetStore(record: StoreRecord, seed?: number, counts?: Partial<Counts>): void {
  record.seed = seed ?? record.seed
  if (counts) record.counts = { ...defaultCounts, ...counts }
  if (record.factory.seed !== record.seed) record.factory = record.shared.maker(record.seed)
  record.state = watched(record, seedState(record.factory, record.counts))
  record.generated = 0
  record.bytes = 0
}
