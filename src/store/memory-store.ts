import type {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
} from '../model/index.ts'
import { deterministicGuid } from './deterministic-id.ts'
import type { EntityFactory, EntityFactoryMaker } from './entity-factory.ts'
import { LazyMap } from './lazy-map.ts'
import { SnapshotMap, type ChangeWatch } from './snapshot-map.ts'
import { defaultMaxStateBytes, jsonSizeOf, StateFullError } from './state-size.ts'

/** How many entities of each kind a seed makes. */
export interface Counts {
  abTests: number
  services: number
  containers: number
  comments: number
}

export const defaultCounts: Readonly<Counts> = {
  abTests: 5,
  services: 3,
  containers: 3,
  comments: 24,
}

/** The collections, each keyed for lookups by key (never a scan). */
export interface StoreState {
  /** By `Id`, lowercased: GUID text compares case-insensitively. */
  abTests: Map<string, ABTestViewModel>
  /** By `Route`, lowercased: routes are unique case-insensitively. */
  services: Map<string, CreateService>
  /** By `PageId`, lowercased. */
  containers: Map<string, ContainerInfoMessage>
  /** By `Key`, lowercased. */
  comments: Map<string, CommentResponse>
}

/** How each collection keys its entities: lookups are by key, never a scan. */
export const collectionKeys = {
  abTests: (test: ABTestViewModel): string => test.Id.toLowerCase(),
  services: (service: CreateService): string => (service.Route ?? '').toLowerCase(),
  containers: (page: ContainerInfoMessage): string => (page.PageId ?? '').toLowerCase(),
  comments: (comment: CommentResponse): string => (comment.Key ?? '').toLowerCase(),
} as const

export interface StoreSnapshot {
  readonly seed: number
  /** The counts it was seeded with; absent in a state file, which keeps the store's. */
  readonly counts?: Readonly<Counts>
  readonly generated: number
  readonly state: StoreState
  /** What writes added to it, as `Store.bytes` counts it; absent (a state file's): 0, its start. */
  readonly bytes?: number
}

/** What a state file follows: each entity a write stores, and each replacement of the whole. */
export interface StoreWatcher {
  /** Stored under `key` (undefined: deleted), before the write returns. */
  entity(kind: keyof StoreState, key: string, value: object | undefined): void
  /** The whole state replaced (`restore`, `reset`): no entity changes tell it. */
  replaced(): void
}

export interface Store {
  readonly counts: Readonly<Counts>
  /** The seed the current state was made from. */
  readonly seed: number
  /** How many GUIDs `newGuid` has made since the seed: a state file keeps it to go on. */
  readonly generated: number
  readonly factory: EntityFactory
  /**
   * The collections. Their entities are values shared with snapshots: change one by storing a
   * new object (`set`); the store freezes what it keeps, so a change in place throws.
   */
  readonly state: StoreState
  /**
   * A copy that later changes do not touch. It shares every entity that did not change, so it
   * costs what changed since the last snapshot, not the size of the state.
   */
  snapshot(): StoreSnapshot
  /** Back to a snapshot, which stays usable: it is shared, not used up. */
  restore(snapshot: StoreSnapshot): void
  /**
   * Another store that starts from a snapshot and keeps its own changes (a session, a
   * scenario's start): it shares every entity and this store's factory, so it costs what it
   * changes, never a copy of the state. It has no listeners of its own to begin with.
   */
  branch(snapshot: StoreSnapshot): Store
  /** Back to the seeded state, with the same seed or another, and the same counts or others. */
  reset(seed?: number, counts?: Partial<Counts>): void
  /** A new GUID, the same sequence for the same seed. */
  newGuid(kind: string): string
  /** Called after every change, so listeners (a state file, the journal) can follow. */
  changed(): void
  subscribe(listener: () => void): () => void
  /** Told of each entity stored and each replacement of the state, as they happen. */
  watch(watcher: StoreWatcher): () => void
  /**
   * About how much JSON the writes added to the state since it started from its seed, or from
   * a state file (each write counts the size of what it stores less that of what it replaces);
   * what `maxBytes` bounds. A scenario's fixtures count, as writes of its start.
   */
  readonly bytes: number
  /**
   * The most `bytes` a write may take the state to: past it, the write throws `StateFullError`
   * and stores nothing. Shared with the store's branches (sessions). Default 64 MiB.
   */
  maxBytes: number
  /** Throws `StateFullError` if storing these entities at once would pass `maxBytes`. */
  checkRoom(writes: Iterable<readonly [kind: keyof StoreState, key: string, value: object]>): void
}

export interface MemoryStoreOptions {
  seed: number
  counts?: Partial<Counts>
  factory: EntityFactoryMaker
  /** See `Store.maxBytes`. */
  maxBytes?: number
}

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

/** A store whose state starts as `start`'s, made by `maker` (or `startFactory` for its seed). */
function storeOver(
  shared: Shared,
  startFactory: EntityFactory,
  startCounts: Counts,
  start: StoreSnapshot,
): Store {
  const { maker, limits } = shared
  let counts = start.counts ?? startCounts
  const listeners = new Set<() => void>()
  const watchers = new Set<StoreWatcher>()
  let seed = start.seed
  let factory = startFactory.seed === seed ? startFactory : maker(seed)
  let generated = start.generated
  let bytes = start.bytes ?? 0

  const watchOf = (kind: keyof StoreState): ChangeWatch<object> => {
    return (key, previous, next) => {
      const growth = sizeOf(next) - sizeOf(previous)
      if (growth > 0 && bytes + growth > limits.maxBytes) {
        throw new StateFullError(bytes, growth, limits.maxBytes)
      }
      bytes += growth
      // Without a state file there is none: no iterator made on every write.
      if (watchers.size !== 0) for (const watcher of watchers) watcher.entity(kind, key, next)
    }
  }
  const watches = {
    abTests: watchOf('abTests'),
    services: watchOf('services'),
    containers: watchOf('containers'),
    comments: watchOf('comments'),
  }
  /** The live state's maps, each watched by this store's accounting. */
  const watched = (live: StoreState): StoreState => {
    for (const kind of Object.keys(watches) as (keyof StoreState)[]) {
      ;(live[kind] as unknown as SnapshotMap<object>).watchedBy(watches[kind])
    }
    return live
  }
  let state = watched(start.state)
  const replaced = (): void => {
    for (const watcher of watchers) watcher.replaced()
  }

  return {
    get counts() {
      return counts
    },
    get seed() {
      return seed
    },
    get generated() {
      return generated
    },
    get factory() {
      return factory
    },
    get state() {
      return state
    },
    get bytes() {
      return bytes
    },
    get maxBytes() {
      return limits.maxBytes
    },
    set maxBytes(value) {
      limits.maxBytes = checkedMaxBytes(value)
    },
    checkRoom(writes) {
      let growth = 0
      for (const [kind, key, value] of writes)
        growth += sizeOf(value) - sizeOf(state[kind].get(key))
      if (growth > 0 && bytes + growth > limits.maxBytes) {
        throw new StateFullError(bytes, growth, limits.maxBytes)
      }
    },
    snapshot() {
      return { seed, counts, generated, state: forkState(state), bytes }
    },
    restore(snapshot) {
      const next = forkState(snapshot.state)
      bytes = snapshot.bytes ?? 0
      seed = snapshot.seed
      counts = snapshot.counts ?? counts
      if (factory.seed !== seed) factory = maker(seed)
      generated = snapshot.generated
      state = watched(next)
      replaced()
      this.changed()
    },
    reset(newSeed, newCounts) {
      seed = newSeed ?? seed
      if (newCounts) counts = { ...defaultCounts, ...newCounts }
      if (factory.seed !== seed) factory = maker(seed)
      state = watched(seedState(factory, counts))
      generated = 0
      bytes = 0
      replaced()
      this.changed()
    },
    branch(snapshot) {
      return storeOver(shared, factory, counts, {
        ...snapshot,
        state: forkState(snapshot.state),
        bytes: snapshot.bytes ?? 0,
      })
    },
    newGuid(kind) {
      generated += 1
      return deterministicGuid(seed, kind, generated)
    },
    changed() {
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    watch(watcher) {
      watchers.add(watcher)
      return () => watchers.delete(watcher)
    },
  }
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

function seedState(factory: EntityFactory, counts: Counts): StoreState {
  // Every seeded entity is keyed now and made on first use (see LazyMap).
  const seeded = <V>(kind: keyof Counts, make: (index: number) => V): SnapshotMap<V> =>
    new SnapshotMap(new LazyMap(counts[kind], (i) => factory.keyOf(kind, i), make))
  return {
    abTests: seeded('abTests', (i) => factory.abTest(i)),
    services: seeded('services', (i) => factory.service(i)),
    containers: seeded('containers', (i) => factory.containerPage(i)),
    comments: seeded('comments', (i) => factory.comment(i)),
  }
}

/**
 * A state that shares the entities of `state` and not its changes from now on: O(1) for the
 * store's own collections (see SnapshotMap), a copy of the entries for any other Map.
 */
function forkState(state: StoreState): StoreState {
  return {
    abTests: SnapshotMap.of(state.abTests),
    services: SnapshotMap.of(state.services),
    containers: SnapshotMap.of(state.containers),
    comments: SnapshotMap.of(state.comments),
  }
}
