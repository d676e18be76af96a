import { LazyMap } from './lazy-map.ts'
import { SnapshotMap } from './snapshot-map.ts'
import type { EntityFactory } from './entity-factory.ts'
import type { Counts, StoreState } from './store-types.ts'

/** A store's state as its seed makes it. */
export function seedState(factory: EntityFactory, counts: Counts): StoreState {
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
export function forkState(state: StoreState): StoreState {
  return {
    abTests: SnapshotMap.of(state.abTests),
    services: SnapshotMap.of(state.services),
    containers: SnapshotMap.of(state.containers),
    comments: SnapshotMap.of(state.comments),
    pages: SnapshotMap.of(state.pages),
  }
}
