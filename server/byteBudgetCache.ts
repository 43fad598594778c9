/**
 * A map whose entries count bytes, kept within a budget: beyond `maxBytes` the least recently used
 * entries go first, never the last one left. An entry's bytes may grow after it was set (a body that
 * is compressed later, a form added to it); `addBytes` counts them only while that entry is still the
 * one kept under its key.
 */
export class ByteBudgetCache<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  /** The value kept under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value kept under `key`, leaving the order of use alone. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` under `key` (replacing what was there) as the most recently used, counting `bytes`. */
  set(key: K, value: V, bytes = 0): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.evict();
  }

  /** Counts `bytes` more for `value`, if it is still what `key` keeps; answers whether it was. */
  addBytes(key: K, value: V, bytes: number): boolean {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return false;
    entry.bytes += bytes;
    this.total += bytes;
    this.evict();
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  *values(): Generator<V> {
    for (const entry of this.entries.values()) yield entry.value;
  }

  /** The bytes counted for all kept entries. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes || this.entries.size <= 1) return;
      this.delete(key);
    }
  }
}
