import { deterministicGuid } from './deterministic-id.ts'
import type { EntityFactory, EntityFactoryMaker } from './entity-factory.ts'
import { LazyMap } from './lazy-map.ts'
import { SnapshotMap, type ChangeWatch } from './snapshot-map.ts'
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
    pages: watchOf('pages'),
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
    // Every seeded container page's PageId is a seeded page, whatever the counts say.
    pages: new SnapshotMap(
      new LazyMap(
        Math.max(counts.pages, counts.containers),
        (i) => factory.keyOf('pages', i),
        (i) => factory.page(i),
      ),
    ),
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
    pages: SnapshotMap.of(state.pages),
  }
}
