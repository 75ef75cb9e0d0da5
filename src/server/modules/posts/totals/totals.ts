import type { LatLng } from '../../../../domain/geo';
import { LIMITS } from '../../../../domain/limits';
import { DISTANCE_MILES, type PostFilters } from '../../../../domain/posts';
import { TtlCache } from '../../../lib/ttl-cache';
import { WORLD, countInCircle } from '../circle/counts';
import type { CoverOf } from '../circle/cover';
import { filterConditions } from '../filters';
import type { MapRepository } from '../map/repository';
import type { PostsRepository } from '../repository';
import { circleKeys, keysCondition } from '../search';
import type { TotalsRepository } from './repository';

/** X-Total-Count, with X-Total-Count-Capped or X-Total-Count-Estimated. */
export interface Total {
  total: number;
  /** More than `total` match: a search over more than the cap ('1,000+'). */
  capped: boolean;
  /** An estimate: the posts at the rim of a busy circle were estimated, not counted ('about 12,400'). */
  estimated: boolean;
}

const CAP = LIMITS.totalCountCap;

/** A count from the index, up to the cap. */
export const cappedTotal = (counted: number): Total => ({ total: Math.min(counted, CAP), capped: counted > CAP, estimated: false });

/**
 * The filtered total of the posts list (docs/decisions/0022, 0072), at a cost that does not grow
 * with the posts:
 * - without a search or a distance, exact: a sum of post_counts rows (under a millisecond at 1M);
 * - with a distance, the circle's posts from map_cells (countInCircle): exact for a quiet rim,
 *   estimated for a busy one;
 * - with a search, counted through the search index up to the cap: past it, capped ('1,000+').
 * Kept per filter combination for 10 s, answered stale for 10 s more while one request reloads
 * it, and dropped with the read model's pages on every post write (docs/decisions/0070).
 */
export function createTotals(deps: {
  repo: TotalsRepository;
  posts: Pick<PostsRepository, 'countUpTo'>;
  map: MapRepository;
  coverOf: CoverOf;
}) {
  const cache = new TtlCache<Total>({ ttlMs: 10_000, serveStaleMs: 10_000, maxEntries: 1000 });

  async function count(f: PostFilters, origin: LatLng): Promise<Total> {
    const { distance } = f;
    if (f.q) {
      const cells = distance === 'all' ? [] : circleKeys(origin, DISTANCE_MILES[distance]);
      return cappedTotal(await deps.posts.countUpTo(keysCondition(f, cells)!, filterConditions(f, origin), CAP));
    }
    if (distance === 'all') return { total: await deps.repo.fromCounts(f), capped: false, estimated: false };
    const { cells, estimated } = await countInCircle(deps, WORLD, { ...f, distance }, origin);
    return { total: cells.reduce((n, c) => n + c.n, 0), capped: false, estimated };
  }

  return {
    /** The total of the posts matching `f` seen from `origin`; `key` names the combination. */
    of(key: string, f: PostFilters, origin: LatLng): Promise<Total> {
      return cache.getOrLoad(key, () => count(f, origin));
    },
    /** A total a page query found on its way (a search's capped count), kept unless a write came since. */
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
