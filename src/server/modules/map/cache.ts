export interface TtlCacheOptions<T> {
  ttlMs: number;
  maxEntries: number;
  /** Only values worth keeping are kept (e.g. big, slow counts); others are fetched every time. */
  keep: (value: T) => boolean;
  now?: () => number;
}

/**
 * A small per-instance cache with a time to live (docs/decisions/0031). The oldest entry goes
 * when it is full. Nothing durable lives here: PostgreSQL stays the source of truth.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly now: () => number;

  constructor(private readonly opts: TtlCacheOptions<T>) {
    this.now = opts.now ?? Date.now;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.opts.ttlMs) return hit.value;
    const value = await load();
    this.entries.delete(key);
    if (this.opts.keep(value)) {
      this.entries.set(key, { value, at: this.now() });
      if (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
