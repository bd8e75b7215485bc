/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used first (after
 * handing it to `onEvict`, when given).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    readonly capacity: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`An LRU cache holds at least one entry (got ${capacity}).`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.entries().next();
      if (oldest.done !== true) {
        const [key, value] = oldest.value;
        this.entries.delete(key);
        this.onEvict?.(key, value);
      }
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Every entry, least recently used first; reading them does not change the order. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries.entries();
  }
}
