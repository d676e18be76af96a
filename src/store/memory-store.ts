import { deterministicGuid } from './deterministic-id.ts'
import type { EntityFactory } from './entity-factory.ts'
import { forkState, seedState } from './seed-state.ts'
import { checkedMaxBytes, defaultMaxStateBytes, StateFullError } from './state-size.ts'
import {
  resetStore,
  restoreStore,
  snapshotOf,
  watched,
  type Shared,
  type StoreRecord,
} from './store-record.ts'
import {
  defaultCounts,
  type Counts,
  type MemoryStoreOptions,
  type Store,
  type StoreSnapshot,
  type StoreState,
} from './store-types.ts'

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
    restore(snapshot) {
      restoreStore(record, snapshot)
      replaced(record)
    },
    reset(seed, counts) {
      resetStore(record, seed, counts)
      replaced(record)
    },
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
  if (record.listeners.size !== 0) for (const listener of record.listeners) listener()
}

/** An entity's size as the limit counts it: none for no entity. */
function sizeOf(value: object | undefined): number {
  return value === undefined ? 0 : jsonSizeOf(value)
}

/** Throws `StateFullError` if storing these entities at once would take the state past `maxBytes`. */
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

/**
 * About the length of `value` as JSON (here, beside the write that runs it every time; the limit
 * and its error are in state-size.ts), counted without writing it (a write must stay cheap):
 * strings by their length plus quotes, a date as its wire form's length, and a name, a colon
 * and a comma per member. Escapes and characters past ASCII are not counted apart.
 */
export function jsonSizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  if (typeof value === 'number') {
    // Most numbers the entities hold are small whole ones or ratings.
    return Number.isInteger(value) && value >= 0 && value < 1e6 ? 6 : 24
  }
  if (typeof value === 'boolean') return 5
  if (typeof value !== 'object' || value === null) return 4
  if (value instanceof Date) return 28
  let size = 2
  if (Array.isArray(value)) {
    for (const item of value) size += jsonSizeOf(item) + 1
    return size
  }
  // for…in rather than Object.keys: no array made, faster on an entity. The
  // store's entities are plain objects, with no enumerable members but their own.
  for (const name in value) {
    const member = (value as Record<string, unknown>)[name]
    size += name.length + 4 + (typeof member === 'string' ? member.length + 2 : jsonSizeOf(member))
  }
  return size
}
