export interface SlidingWindowsOptions {
  /** When full, the key counted first goes first (its count is forgotten). */
  maxKeys: number;
  now?: () => number;
}

interface Counts {
  /** Index of the current fixed window: floor(now / windowMs). */
  window: number;
  current: number;
  previous: number;
}

/**
 * Sliding-window counters per key in this process's memory, with no I/O (docs/decisions/0034).
 * Each key keeps the hits of the current and the previous fixed window; the hits in the last
 * `windowMs` are estimated as `previous × (share of the previous window still inside) + current`,
 * so a burst at a window's edge cannot get twice the limit through. Refused hits are not counted.
 * Nothing here is shared between instances and nothing survives a restart.
 */
export class SlidingWindows {
  private readonly counts = new Map<string, Counts>();
  private readonly now: () => number;

  constructor(private readonly opts: SlidingWindowsOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.counts.size;
  }

  /** Counts one hit on `key` and answers 0, or, over `limit`, answers the ms until one would be allowed. */
  take(key: string, limit: number, windowMs: number): number {
    const now = this.now();
    const window = Math.floor(now / windowMs);
    const into = (now - window * windowMs) / windowMs;
    let counts = this.counts.get(key);
    const isNew = counts === undefined;
    if (counts === undefined) {
      counts = { window, current: 0, previous: 0 };
    } else if (counts.window !== window) {
      counts.previous = counts.window === window - 1 ? counts.current : 0;
      counts.current = 0;
      counts.window = window;
    }
    const refused = counts.previous * (1 - into) + counts.current + 1 > limit;
    if (!refused) counts.current += 1;
    // A refused first hit leaves nothing to keep; any other is stored as the latest.
    if (!(isNew && refused)) this.store(key, counts);
    return refused ? Math.ceil(waitShare(counts, into, limit) * windowMs) : 0;
  }

  /**
   * Stores `key` as the most recently seen (asked again, allowed or not): an address that keeps
   * asking is the last one forgotten when the store is full.
   */
  private store(key: string, counts: Counts): void {
    this.counts.delete(key); // set() alone would keep the key's old place in the order
    this.counts.set(key, counts);
    // Keys are in the order they were last seen, so the first one is the least recent.
    if (this.counts.size > this.opts.maxKeys) this.counts.delete(this.counts.keys().next().value!);
  }
}

/** The share of a window to wait until `previous × (1 - t) + current + 1 <= limit` holds again. */
function waitShare(counts: Counts, into: number, limit: number): number {
  const room = limit - 1 - counts.current;
  // The current window has room: wait until enough of the previous one has slid out.
  if (room >= 0 && counts.previous > 0) return Math.max(0, 1 - room / counts.previous - into);
  // The current window alone is full: wait for the next one, where these hits are the previous.
  const next = counts.current > 0 ? 1 - (limit - 1) / counts.current : 1;
  return 1 - into + Math.min(1, Math.max(0, next));
}
