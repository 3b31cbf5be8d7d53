/**
 * A least-recently-used cache bounded by the total "cost" of its entries (bytes of decoded
 * rasters, or 1 per entry for a count bound). Values are promises, so concurrent requests
 * for the same key share one decode; a rejected load is forgotten, not cached.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; cost: number }>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly costOf: (value: V) => number = () => 1,
    private readonly onEvict?: (value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The summed cost of the entries whose load has finished. */
  get cost(): number {
    return this.total;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The cached value, or the one `load` gives (cached if its cost fits the capacity). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: load(), cost: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.cost = this.costOf(value);
        this.total += entry.cost;
        if (entry.cost > this.capacity) this.delete(key);
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.cost;
    if (this.onEvict) entry.value.then(this.onEvict, () => {});
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.capacity) return;
      const entry = this.entries.get(key)!;
      if (entry.cost === 0) continue; // still loading
      this.delete(key);
    }
  }
}
