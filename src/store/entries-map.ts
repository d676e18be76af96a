/**
 * A Map whose `for…of` and `forEach` walk its own `entries()`: Map's built-ins read the native
 * table directly, so a subclass that overrides `entries()` (to make pending values, or to read
 * layers) would otherwise be bypassed by them.
 */
export class EntriesMap<V> extends Map<string, V> {
  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries()
  }

  override forEach(
    callback: (value: V, key: string, map: Map<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this)
  }
}
