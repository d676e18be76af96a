import { EntriesMap } from './entries-map.ts'
import { LazyMap, Pending } from './lazy-map.ts'

type Layer<V> = ReadonlyMap<string, V>

const mapGet = Map.prototype.get

/**
 * Told of every change before it is made, with the value it replaces (undefined: a new key) and
 * the new one (undefined: a delete); it may throw, and then nothing is changed.
 */
export type ChangeWatch<V> = (key: string, previous: V | undefined, next: V | undefined) => void

/**
 * A collection of the store whose snapshots share every entity that did not change. Until a
 * snapshot is taken it is its base, a LazyMap, changed in place. A snapshot (`fork`) makes the
 * base shared and costs no copy: from then on each side keeps its own changes in layers over
 * the base, frozen at the next snapshot and shared too. So a snapshot of an unchanged state
 * costs a few objects, and one after changes costs what changed, never the state's size.
 *
 * Entities are shared between the live state and its snapshots, so a stored entity is a value:
 * an update stores a new object (`set`), and the store freezes what it keeps so that a change
 * in place fails loudly instead of reaching into a snapshot.
 *
 * The layers stay few: when a new layer is frozen, it merges with the one below it while that
 * one is at most twice its size (so their sizes halve from the oldest up and a lookup reads a
 * handful), and once the changes outgrow the base they are folded into a copy of it. Iteration
 * keeps an eager Map's order: updates where the key was, new keys at the end.
 */
export class SnapshotMap<V> extends EntriesMap<V> {
  #base: LazyMap<V>
  /** Frozen changes over the base, oldest first; shared with snapshots, never changed. */
  #layers: readonly Layer<V>[]
  /** This side's changes since the last snapshot; null when none. */
  #top: Map<string, V> | null = null
  /** Whether this side alone holds the base, so a change goes straight into it. */
  #owned: boolean
  /** Keys in the layers or the top that the base does not have. */
  #added: number
  /** The store's accounting of sizes and its change log; none for a bare map. */
  #watch: ChangeWatch<V> | undefined

  constructor(base: LazyMap<V>, layers: readonly Layer<V>[] = [], added = 0, owned = true) {
    super()
    this.#base = base
    this.#layers = layers
    this.#added = added
    this.#owned = owned
  }

  /** The store's own collection of `map`: a fork of a SnapshotMap, else a copy of the entries. */
  static of<V>(map: Map<string, V>): SnapshotMap<V> {
    if (map instanceof SnapshotMap) return map.fork()
    if (map instanceof LazyMap) return new SnapshotMap(map.copy())
    const frozen = Array.from(map, ([key, value]) => [key, Object.freeze(value) as V] as const)
    return new SnapshotMap(LazyMap.fromEntries(frozen))
  }

  /** Another map with the same entries, sharing them: what a snapshot and a restore take. */
  fork(): SnapshotMap<V> {
    if (this.#owned) {
      this.#owned = false
    } else if (this.#top !== null) {
      this.#layers = stack(this.#layers, this.#top)
      this.#top = null
    }
    return new SnapshotMap(this.#base, this.#layers, this.#added, false)
  }

  /** This map, told to `watch` of every change from now on (the store's accounting). */
  watchedBy(watch: ChangeWatch<V>): this {
    this.#watch = watch
    return this
  }

  /** How many layers of changes lie over the base: what a lookup may read before it. */
  get depth(): number {
    return this.#layers.length + (this.#top ? 1 : 0)
  }

  override get size(): number {
    return this.#base.size + this.#added
  }

  override get(key: string): V | undefined {
    if (!this.#owned) {
      const changed = this.#changed(key)
      if (changed !== undefined) return changed
    }
    // The base's own table first: only an entity not made yet goes through LazyMap's get.
    const value = mapGet.call(this.#base, key) as V | undefined
    return value instanceof Pending ? this.#base.get(key) : value
  }

  override has(key: string): boolean {
    return this.#base.has(key) || (!this.#owned && this.#changed(key) !== undefined)
  }

  override set(key: string, value: V): this {
    const frozen = Object.freeze(value) as V
    this.#watch?.(key, this.get(key), frozen)
    if (this.#owned) {
      this.#base.set(key, frozen)
      return this
    }
    if (!this.has(key)) this.#added++
    ;(this.#top ??= new Map()).set(key, frozen)
    let changes = this.#top.size
    for (const layer of this.#layers) changes += layer.size
    // Folded once the changes outgrow the base: the copy costs no more than they did.
    if (changes > Math.max(1024, this.#base.size)) this.#ownBase()
    return this
  }

  override delete(key: string): boolean {
    const previous = this.#watch && this.get(key)
    if (previous !== undefined) this.#watch?.(key, previous, undefined)
    // The store never deletes; a caller who does pays for a copy of the base, once.
    if (!this.#owned) this.#ownBase()
    return this.#base.delete(key)
  }

  override clear(): void {
    if (this.#watch) for (const [key, value] of this.entries()) this.#watch(key, value, undefined)
    this.#base = LazyMap.fromEntries([])
    this.#layers = []
    this.#top = null
    this.#owned = true
    this.#added = 0
  }

  /** The keys, without making any pending entity (paging reads only the ones it shows). */
  override keys(): MapIterator<string> {
    return this.#owned ? this.#base.keys() : this.#keys()
  }

  override values(): MapIterator<V> {
    return this.#owned ? this.#base.values() : this.#values()
  }

  override entries(): MapIterator<[string, V]> {
    return this.#owned ? this.#base.entries() : this.#entries()
  }

  #changed(key: string): V | undefined {
    const top = this.#top?.get(key)
    if (top !== undefined) return top
    for (let i = this.#layers.length - 1; i >= 0; i--) {
      const value = (this.#layers[i] as Layer<V>).get(key)
      if (value !== undefined) return value
    }
    return undefined
  }

  // Generators rather than iterator helpers, which older browsers' service workers lack.
  *#values(): Generator<V, undefined> {
    for (const key of this.#keys()) yield this.get(key) as V
  }

  *#entries(): Generator<[string, V], undefined> {
    for (const key of this.#keys()) yield [key, this.get(key) as V]
  }

  /** The base's keys in order, then the keys added over it, each where it was first set. */
  *#keys(): Generator<string, undefined> {
    const base = this.#base
    yield* base.keys()
    if (this.#added === 0) return
    const seen = new Set<string>()
    for (const layer of this.#top ? [...this.#layers, this.#top] : this.#layers) {
      for (const key of layer.keys()) {
        if (base.has(key) || seen.has(key)) continue
        seen.add(key)
        yield key
      }
    }
  }

  /** A base of this side's own, with every change folded in: O(size), paid rarely. */
  #ownBase(): void {
    const base = this.#base.copy()
    for (const layer of this.#layers) for (const [key, value] of layer) base.set(key, value)
    if (this.#top) for (const [key, value] of this.#top) base.set(key, value)
    this.#base = base
    this.#layers = []
    this.#top = null
    this.#owned = true
    this.#added = 0
  }
}

/**
 * The layers with `top` frozen on them; the newest merge while the one below is at most twice
 * as large, so sizes halve from the oldest up and there are at most log2(changes) + 1 layers.
 */
function stack<V>(layers: readonly Layer<V>[], top: Layer<V>): readonly Layer<V>[] {
  const out = [...layers, top]
  for (;;) {
    const newer = out[out.length - 1]
    const older = out[out.length - 2]
    if (!newer || !older || older.size > 2 * newer.size) return out
    const merged = new Map(older)
    for (const [key, value] of newer) merged.set(key, value)
    out.splice(out.length - 2, 2, merged)
  }
}
