import type { LatLng } from '../../../../domain/geo';
import type { PostFilters } from '../../../../domain/posts';
import { TtlCache } from '../../../lib/ttl-cache';
import { WORLD, countInCircle, type RimCount } from '../circle/counts';
import type { CoverOf } from '../circle/cover';
import type { MapRepository } from '../map/repository';
import type { TotalsRepository } from './repository';

/** X-Total-Count, with X-Total-Count-Estimated. */
export interface Total {
  total: number;
  /** An estimate ('about 12,400'): a busy circle's rim, or a common search (docs/decisions/0072). */
  estimated: boolean;
}

/**
 * The filtered total of the posts list without a search (docs/decisions/0022, 0072), at a cost
 * that does not grow with the posts:
 * - without a distance, exact: a sum of post_counts rows (under a millisecond at 1M);
 * - with a distance, the circle's posts from map_cells (countInCircle): exact for a quiet rim,
 *   estimated for a busy one.
 * A search's total comes with its page (read-model/list.ts) and is kept here too. Kept per filter
 * combination for 10 s, answered stale for 10 s more while one request reloads it, and dropped
 * with the read model's pages on every post write (docs/decisions/0070).
 */
export function createTotals(deps: { repo: TotalsRepository; map: MapRepository; coverOf: CoverOf }) {
  const cache = new TtlCache<Total>({ ttlMs: 10_000, serveStaleMs: 10_000, maxEntries: 1000 });

  async function count(f: PostFilters, origin: LatLng, rimCount: RimCount = 'shown'): Promise<Total> {
    const { distance } = f;
    if (distance === 'all') return { total: await deps.repo.fromCounts(f), estimated: false };
    const { cells, estimated } = await countInCircle(deps, WORLD, { ...f, distance }, origin, rimCount);
    return { total: cells.reduce((n, c) => n + c.n, 0), estimated };
  }

  /** The kept total, if any. */
  const peek = (key: string): Total | undefined => cache.peek(key)?.value;

  /** The total of the posts matching `f` (no search) seen from `origin`; `key` names the combination. */
  const of = (key: string, f: PostFilters, origin: LatLng): Promise<Total> =>
    cache.getOrLoad(key, () => count(f, origin));

  return {
    of,
    /**
     * A total that is weighed, never shown as it is (a search's walk's scope, which scales its
     * sample into an estimate: docs/decisions/0104): the kept total when there is one, else a
     * circle's rim estimated from its kept counts however few posts it holds, kept apart from the
     * shown total of the same filters.
     */
    weighed(key: string, f: PostFilters, origin: LatLng): Promise<Total> {
      const kept = peek(key);
      if (kept) return Promise.resolve(kept);
      if (f.distance === 'all') return of(key, f, origin);
      return cache.getOrLoad(`weighed:${key}`, () => count(f, origin, 'estimated'));
    },
    peek,
    /** The kept total while it is fresh (no request is needed to reload it). */
    fresh: (key: string): Total | undefined => cache.get(key),
    /** A search's total, found with its page, kept unless a write came since. */
    remember(key: string, total: Total, since: number): void {
      if (since === cache.version) cache.set(key, total);
    },
    /** Whether the total is kept (fresh or answered stale). */
    has: (key: string) => cache.peek(key) !== undefined,
    version: () => cache.version,
    clear: () => cache.clear(),
  };
}

export type Totals = ReturnType<typeof createTotals>;
