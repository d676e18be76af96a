import { EntriesMap } from './entries-map.ts'

/** Where a seeded entity not made yet stands: its index in the seed. */
export class Pending {
  readonly index: number
  constructor(index: number) {
    this.index = index
  }
}

function unreachable(): never {
  throw new Error('Failed to make an entity: this map has no pending entries')
}

/**
 * A Map whose seeded entries are made on first use. Every seeded key is in place from the start
 * (so `has`, `size` and the order of iteration are those of an eager Map), but its value is made
 * only when `get` or an iteration reaches it: a start with many entities per kind makes none
 * and lookups stay by key.
 */
export class LazyMap<V> extends EntriesMap<V> {
  readonly #make: (index: number) => V

  constructor(count: number, keyOf: (index: number) => string, make: (index: number) => V) {
    super()
    this.#make = make
    for (let i = 0; i < count; i++) super.set(keyOf(i), new Pending(i) as V)
  }

  override get(key: string): V | undefined {
    const value = super.get(key)
    return value instanceof Pending ? this.#settle(key, value) : value
  }

  /** Makes every pending entry, in place: iteration then sees values only. */
  settleAll(): void {
    for (const [key, value] of super.entries()) {
      if (value instanceof Pending) this.#settle(key, value)
    }
  }

  override entries(): MapIterator<[string, V]> {
    this.settleAll()
    return super.entries()
  }

  override values(): MapIterator<V> {
    this.settleAll()
    return super.values()
  }

  /**
   * A copy of the entries, not of the entities: what is pending stays pending and what is made
   * is shared (stored entities are never changed in place, see SnapshotMap).
   */
  copy(): LazyMap<V> {
    const copy = new LazyMap<V>(0, () => '', this.#make)
    for (const [key, value] of super.entries()) Map.prototype.set.call(copy, key, value)
    return copy
  }

  /** A map of entities already made, in the order given. */
  static fromEntries<V>(entries: Iterable<readonly [string, V]>): LazyMap<V> {
    const map = new LazyMap<V>(0, () => '', unreachable)
    for (const [key, value] of entries) Map.prototype.set.call(map, key, value)
    return map
  }

  #settle(key: string, pending: Pending): V {
    // Frozen as it is made: it may be shared with snapshots from now on.
    const value = Object.freeze(this.#make(pending.index)) as V
    super.set(key, value)
    return value
  }
}
