import { createFactory } from '../../seeds/index.ts'
import { createMemoryStore, type Counts, type Store } from '../store/index.ts'
import { applyFixtures, type Fixtures } from './fixtures.ts'

export interface StoreOptions {
  /** The same seed gives byte-identical state. Default 1. */
  seed?: number
  /** How many entities of each kind to seed. */
  counts?: Partial<Counts>
  /** Entities to store on top of the seeded ones, each partial (see `mock.fixtures`). */
  fixtures?: Fixtures
  /**
   * The most bytes of JSON that writes may add to a state past its start (its seeded entities,
   * or the state file loaded), per state (the shared one and each session): a write past it
   * stores nothing and is answered `507`. Default 64 MiB.
   */
  maxStateBytes?: number
}

/**
 * A fresh in-memory store seeded with believable data.
 * @example const store = createStore({ seed: 7, counts: { comments: 100 } })
 */
export function createStore(options: StoreOptions = {}): Store {
  const store = createMemoryStore({
    seed: options.seed ?? 1,
    factory: createFactory,
    ...(options.counts ? { counts: options.counts } : {}),
    ...(options.maxStateBytes === undefined ? {} : { maxBytes: options.maxStateBytes }),
  })
  if (options.fixtures) applyFixtures(store, options.fixtures, new Date())
  return store
}
