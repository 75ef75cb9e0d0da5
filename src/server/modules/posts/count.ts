export interface TotalCacheOptions {
  cacheFrom: number;
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Filtered totals by filter combination (docs/decisions/0022). Small totals are counted on every
 * request; a total of at least `cacheFrom` is kept for `ttlMs`, so a popular listing is counted
 * once every few seconds rather than on every request. A write on this instance clears it.
 */
export class TotalCache {
  private readonly entries = new Map<string, { total: number; at: number }>();
  private readonly now: () => number;

  constructor(private readonly opts: TotalCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  async get(key: string, countFn: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.opts.ttlMs) return hit.total;
    const total = await countFn();
    this.entries.delete(key);
    if (total >= this.opts.cacheFrom) {
      this.entries.set(key, { total, at: this.now() });
      if (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return total;
  }

  clear(): void {
    this.entries.clear();
  }
}
