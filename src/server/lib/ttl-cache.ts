export interface TtlCacheOptions<V> {
  ttlMs: number;
  /** When full, the entry stored longest ago goes first. */
  maxEntries: number;
  /** Only values worth keeping are stored (e.g. big, slow counts); others are loaded every time. */
  keep?: (value: V) => boolean;
  /**
   * For this long after its TTL, `getOrLoad` still answers with the old value while one load
   * refreshes it in the background, so a popular key never makes every caller wait for its
   * reload. Clearing or deleting drops values at once: only expiry is softened.
   */
  serveStaleMs?: number;
  now?: () => number;
}

/**
 * A small per-instance cache with a time to live and a size bound (docs/decisions/0050).
 * Nothing durable lives here: PostgreSQL stays the source of truth, and every cache of shared
 * data is cleared through the EventBus when that data changes.
 *
 * `getOrLoad` runs one load per key at a time (concurrent misses share it). A load that was
 * running when the cache was cleared, or its key deleted, is not stored: it may have read the
 * data from before the change.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly now: () => number;
  /** Bumped by every clear/delete, so a load that started before one is not stored. */
  private generation = 0;

  /** Changes with every clear or delete: a value read before one may be stale (see `set` callers). */
  get version(): number {
    return this.generation;
  }

  constructor(private readonly opts: TtlCacheOptions<V>) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live value for `key`, or undefined (an entry past its TTL and stale time is dropped). */
  get(key: string): V | undefined {
    const hit = this.peek(key);
    return hit?.fresh ? hit.value : undefined;
  }

  /** The value for `key` within its TTL (fresh) or its stale time after it; else undefined. */
  peek(key: string): { value: V; fresh: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const age = this.now() - hit.at;
    if (age < this.opts.ttlMs) return { value: hit.value, fresh: true };
    if (age < this.opts.ttlMs + (this.opts.serveStaleMs ?? 0)) return { value: hit.value, fresh: false };
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.opts.keep && !this.opts.keep(value)) {
      this.entries.delete(key);
      return;
    }
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now() });
    // Entries are in the order they were stored, so the first one is the oldest.
    if (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The cached value, else `load()` (shared with concurrent callers of the same key), stored. */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.at;
      if (age < this.opts.ttlMs) return Promise.resolve(entry.value);
      if (age < this.opts.ttlMs + (this.opts.serveStaleMs ?? 0)) {
        if (!this.loading.has(key)) this.start(key, load).catch(() => {}); // a failure shows on the next foreground load
        return Promise.resolve(entry.value);
      }
      this.entries.delete(key);
    }
    return this.loading.get(key) ?? this.start(key, load);
  }

  /** Runs `load` as the one load of `key`; stores its value unless the cache was cleared meanwhile. */
  private start(key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all sessions of one user). */
  deleteWhere(match: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
    this.loading.clear();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
