import type { LatLng } from '../../../../domain/geo';
import { LIMITS } from '../../../../domain/limits';
import { DISTANCE_MILES, type PostFilters } from '../../../../domain/posts';
import { TtlCache } from '../../../lib/ttl-cache';
import type { PostsCaches } from '../caches';
import { inCircleMatching } from '../cells';
import { filterConditions } from '../filters';
import { coverOf } from './circle-cover';
import type { TotalsRepository } from './repository';

/** X-Total-Count and X-Total-Count-Capped. */
export interface Total {
  total: number;
  /** More than `total` match: a big search whose full count is not known yet. */
  capped: boolean;
}

/** Rim cells at the finest level map_cells keeps: the fewest posts to measure one by one. */
const RIM_LEVEL = 18;
/** Searches over more posts than this are counted in full in the background (0.3-0.5 s at 1M). */
const SEARCH_CAP = LIMITS.totalCountCap;
/** A big search's full count is taken again after this long; the last one answers meanwhile, for up to the stale time. */
export const BIG_SEARCH_TTL_MS = 30_000;
export const BIG_SEARCH_STALE_MS = 5 * 60_000;

/**
 * The filtered total of the posts list, exact (docs/decisions/0022):
 * - without a search or a distance, a sum of post_counts rows (under a millisecond at 1M posts);
 * - with a distance, whole map_cells inside the circle plus the posts of its rim (20-40 ms);
 * - with a search, a count stopped at SEARCH_CAP + 1; past it, the full count comes from a
 *   background count (one first count and one recount at a time per instance), and until the
 *   first lands the total is sent as capped.
 * Totals are cached per filter combination and cleared on every post write on every instance
 * (docs/decisions/0050), except the full counts of big searches: counted again after 30 s, the
 * last count still answering meanwhile (for up to 5 minutes, should other counts hold it up).
 */
export function createTotals(deps: {
  repo: TotalsRepository;
  caches: PostsCaches;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
}) {
  const { now } = deps;
  const exact = deps.caches.track(new TtlCache<number>({ ttlMs: 10_000, serveStaleMs: 10_000, maxEntries: 500, now }));
  const searched = deps.caches.track(new TtlCache<number>({ ttlMs: 10_000, serveStaleMs: 10_000, maxEntries: 500, now }));
  const bigSearches = new TtlCache<number>({ ttlMs: BIG_SEARCH_TTL_MS, serveStaleMs: BIG_SEARCH_STALE_MS, maxEntries: 500, now });

  async function withinCircle(f: PostFilters, distance: Exclude<PostFilters['distance'], 'all'>, origin: LatLng): Promise<number> {
    const miles = DISTANCE_MILES[distance];
    const cover = coverOf(origin, miles, RIM_LEVEL);
    if (!cover) return deps.repo.all(filterConditions(f, origin)); // near a pole: few posts, counted one by one
    const rimWhere = inCircleMatching(f, origin, miles);
    const [inside, rim] = await Promise.all([deps.repo.inCells(cover.inside, f), deps.repo.inCellsMatching(cover.rim, rimWhere)]);
    return inside + rim;
  }

  /**
   * Full counts under way on this instance: at most one first count (a search still answered as
   * capped) and one recount (a search answered with its last count), so neither waits on the other.
   */
  const counting = { first: false, again: false };

  /** Starts the full count of a big search unless its kind of count is running on this instance. */
  function countInBackground(kind: keyof typeof counting, key: string, f: PostFilters, origin: LatLng): void {
    if (counting[kind]) return;
    counting[kind] = true;
    deps.repo
      .all(filterConditions(f, origin))
      .then((n) => bigSearches.set(key, n))
      .catch((err: unknown) => deps.log?.warn({ err }, 'the full count of a search failed'))
      .finally(() => (counting[kind] = false));
  }

  async function ofSearch(key: string, f: PostFilters, origin: LatLng): Promise<Total> {
    const upTo = await searched.getOrLoad(key, () => deps.repo.upTo(filterConditions(f, origin), SEARCH_CAP));
    if (upTo <= SEARCH_CAP) return { total: upTo, capped: false };
    const full = bigSearches.peek(key);
    if (!full) countInBackground('first', key, f, origin);
    else if (!full.fresh) countInBackground('again', key, f, origin);
    return full ? { total: full.value, capped: false } : { total: SEARCH_CAP, capped: true };
  }

  /** The total of the posts matching `f` seen from `origin`; `key` names the combination. */
  return async function totalOf(key: string, f: PostFilters, origin: LatLng): Promise<Total> {
    if (f.q) return ofSearch(key, f, origin);
    const { distance } = f;
    const total = await exact.getOrLoad(key, () => (distance === 'all' ? deps.repo.fromCounts(f) : withinCircle(f, distance, origin)));
    return { total, capped: false };
  };
}

export type TotalOf = ReturnType<typeof createTotals>;
