import { deterministicGuid } from './deterministic-id.ts'
import type { EntityFactory, EntityFactoryMaker } from './entity-factory.ts'
import { forkState, seedState } from './seed-state.ts'
import type { ChangeWatch, SnapshotMap } from './snapshot-map.ts'
import { defaultMaxStateBytes, jsonSizeOf, StateFullError } from './state-size.ts'
import {
  defaultCounts,
  type Counts,
  type MemoryStoreOptions,
  type Store,
  type StoreSnapshot,
  type StoreState,
  type StoreWatcher,
} from './store-types.ts'

/** What a store and its branches share: the makers and the size limit. */
interface Shared {
  readonly maker: EntityFactoryMaker
  readonly limits: { maxBytes: number }
}

export function createMemoryStore(options: MemoryStoreOptions): Store {
  const counts: Counts = { ...defaultCounts, ...options.counts }
  const factory = options.factory(options.seed)
  const shared: Shared = {
    maker: options.factory,
    limits: { maxBytes: checkedMaxBytes(options.maxBytes ?? defaultMaxStateBytes) },
  }
  return storeOver(shared, factory, counts, {
    seed: options.seed,
    generated: 0,
    state: seedState(factory, counts),
    bytes: 0,
  })
}

/** A store's own state: what its functions read and change, held in one record. */
interface StoreRecord {
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

/** A store whose state starts as `start`'s, made by `maker` (or `startFactory` for its seed). */
function storeOver(
  shared: Shared,
  startFactory: EntityFactory,
  startCounts: Counts,
  start: StoreSnapshot,
): Store {
  const record = storeRecord(shared, startFactory, startCounts, start)
  return {
    get counts() {
      return record.counts
    },
    get seed() {
      return record.seed
    },
    get generated() {
      return record.generated
    },
    get factory() {
      return record.factory
    },
    get state() {
      return record.state
    },
    get bytes() {
      return record.bytes
    },
    get maxBytes() {
      return record.shared.limits.maxBytes
    },
    set maxBytes(value) {
      record.shared.limits.maxBytes = checkedMaxBytes(value)
    },
    checkRoom: (writes) => checkRoom(record, writes),
    snapshot: () => snapshotOf(record),
    restore: (snapshot) => restoreStore(record, snapshot),
    reset: (seed, counts) => resetStore(record, seed, counts),
    branch: (snapshot) => branchStore(record, snapshot),
    newGuid(kind) {
      record.generated += 1
      return deterministicGuid(record.seed, kind, record.generated)
    },
    changed: () => notifyChanged(record),
    subscribe(listener) {
      record.listeners.add(listener)
      return () => record.listeners.delete(listener)
    },
    watch(watcher) {
      record.watchers.add(watcher)
      return () => record.watchers.delete(watcher)
    },
  }
}

function storeRecord(
  shared: Shared,
  startFactory: EntityFactory,
  startCounts: Counts,
  start: StoreSnapshot,
): StoreRecord {
  const record: StoreRecord = {
    shared,
    counts: start.counts ?? startCounts,
    seed: start.seed,
    factory: startFactory.seed === start.seed ? startFactory : shared.maker(start.seed),
    generated: start.generated,
    bytes: start.bytes ?? 0,
    state: start.state,
    listeners: new Set(),
    watchers: new Set(),
    watches: {
      abTests: (key, previous, next) => accountWrite(record, 'abTests', key, previous, next),
      services: (key, previous, next) => accountWrite(record, 'services', key, previous, next),
      containers: (key, previous, next) => accountWrite(record, 'containers', key, previous, next),
      comments: (key, previous, next) => accountWrite(record, 'comments', key, previous, next),
      pages: (key, previous, next) => accountWrite(record, 'pages', key, previous, next),
    },
  }
  record.state = watched(record, start.state)
  return record
}

/** One write to a collection, counted against the limit and told to the watchers. */
function accountWrite(
  record: StoreRecord,
  kind: keyof StoreState,
  key: string,
  previous: object | undefined,
  next: object | undefined,
): void {
  const growth = sizeOf(next) - sizeOf(previous)
  const { maxBytes } = record.shared.limits
  if (growth > 0 && record.bytes + growth > maxBytes) {
    throw new StateFullError(record.bytes, growth, maxBytes)
  }
  record.bytes += growth
  // Without a state file there is none: no iterator made on every write.
  if (record.watchers.size !== 0) {
    for (const watcher of record.watchers) watcher.entity(kind, key, next)
  }
}

/** The live state's maps, each watched by this store's accounting. */
function watched(record: StoreRecord, live: StoreState): StoreState {
  for (const kind of Object.keys(record.watches) as (keyof StoreState)[]) {
    ;(live[kind] as unknown as SnapshotMap<object>).watchedBy(record.watches[kind])
  }
  return live
}

function checkRoom(
  record: StoreRecord,
  writes: Iterable<readonly [kind: keyof StoreState, key: string, value: object]>,
): void {
  let growth = 0
  for (const [kind, key, value] of writes) {
    growth += sizeOf(value) - sizeOf(record.state[kind].get(key))
  }
  const { maxBytes } = record.shared.limits
  if (growth > 0 && record.bytes + growth > maxBytes) {
    throw new StateFullError(record.bytes, growth, maxBytes)
  }
}

function snapshotOf(record: StoreRecord): StoreSnapshot {
  const { seed, counts, generated, state, bytes } = record
  return { seed, counts, generated, state: forkState(state), bytes }
}

function restoreStore(record: StoreRecord, snapshot: StoreSnapshot): void {
  const next = forkState(snapshot.state)
  record.bytes = snapshot.bytes ?? 0
  record.seed = snapshot.seed
  record.counts = snapshot.counts ?? record.counts
  if (record.factory.seed !== record.seed) record.factory = record.shared.maker(record.seed)
  record.generated = snapshot.generated
  record.state = watched(record, next)
  replaced(record)
}

function resetStore(record: StoreRecord, seed?: number, counts?: Partial<Counts>): void {
  record.seed = seed ?? record.seed
  if (counts) record.counts = { ...defaultCounts, ...counts }
  if (record.factory.seed !== record.seed) record.factory = record.shared.maker(record.seed)
  record.state = watched(record, seedState(record.factory, record.counts))
  record.generated = 0
  record.bytes = 0
  replaced(record)
}

function branchStore(record: StoreRecord, snapshot: StoreSnapshot): Store {
  return storeOver(record.shared, record.factory, record.counts, {
    ...snapshot,
    state: forkState(snapshot.state),
    bytes: snapshot.bytes ?? 0,
  })
}

/** The whole state was swapped: the watchers hear it, then the listeners. */
function replaced(record: StoreRecord): void {
  for (const watcher of record.watchers) watcher.replaced()
  notifyChanged(record)
}

function notifyChanged(record: StoreRecord): void {
  for (const listener of record.listeners) listener()
}

/** An entity's size as the limit counts it: none for no entity. */
function sizeOf(value: object | undefined): number {
  return value === undefined ? 0 : jsonSizeOf(value)
}

function checkedMaxBytes(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`Failed to limit the state: maxStateBytes must be a whole number, got ${value}`)
  }
  return value
}
