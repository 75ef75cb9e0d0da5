import type { LatLng } from '../../../domain/geo';
import type { ListPostsQuery, PostFilters } from '../../../domain/posts';
import { TtlCache } from '../../lib/ttl-cache';
import type { PostsCaches } from './caches';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { filterConditions } from './filters';
import type { PageQuery, PageRow, PostsRepository } from './repository';
import type { TotalOf } from './totals/totals';
import { gatedPage, type ViewerInfo } from './viewer';

/** One page of rows for a viewer; presented by the caller (posts, or JSON text for the list). */
export interface RowsPage {
  rows: PageRow[];
  origin: LatLng;
  /** The filtered total (X-Total-Count), also for gated viewers (totals/totals.ts). */
  total: number;
  /** More than `total` match: a big search not yet counted in full (X-Total-Count-Capped). */
  totalCapped: boolean;
  nextCursor: string | null;
  /** The cached rows this first page was cut from (the same object while cached); null for a page read live. */
  source: readonly PageRow[] | null;
}

/** The normalised filter combination: the key of its total and (with the page size) of its first page. */
function filterKey(f: PostFilters, origin: LatLng): string {
  const where = f.distance === 'all' ? null : [origin.lat, origin.lng];
  return JSON.stringify([f.type ?? null, f.q?.toLowerCase() ?? null, f.status, f.amount, f.region, f.distance, where]);
}

/**
 * The SQL of a page's filters. A nearest-first searched page walks the nearest posts matching the
 * other filters, then keeps those within the radius that match the search (repository.page): the
 * radius stays out of the walk, whose box the planner would otherwise read as a bitmap and sort.
 */
function pageConditions(query: ListPostsQuery, origin: LatLng): Pick<PageQuery, 'where' | 'search'> {
  if (query.distance === 'all' || !query.q) return { where: filterConditions(query, origin) };
  const rest = { status: 'all', amount: 'all', region: 'all' } as const;
  return {
    where: filterConditions({ ...query, q: undefined, distance: 'all' }, origin),
    search: filterConditions({ ...rest, q: query.q, distance: query.distance }, origin),
  };
}

const cursors = new WeakMap<PageRow, string>();
/** The cursor of the page after `last`, once per row object (a cached page's is asked again and again). */
function cursorAfter(last: PageRow, sort: Cursor['sort']): string {
  let cursor = cursors.get(last);
  if (cursor === undefined) {
    cursor = encodeCursor(
      sort === 'newest' ? { sort, createdAt: String(last.sortKey), id: last.id } : { sort, distance: Number(last.sortKey), id: last.id },
    );
    cursors.set(last, cursor);
  }
  return cursor;
}

/**
 * Pages of the posts list behind the viewing gate (DECISIONS 7), with their exact totals
 * (totals/totals.ts) and the rows of first pages cached for 5 s, cleared on every post write on
 * any instance (docs/decisions/0050), and refreshed in the background while still answered past
 * their TTL. Rows, not presented posts: what a post shows depends on the viewer. Later pages (a
 * cursor) are read live.
 */
export function createPostsList(deps: { repo: PostsRepository; caches: PostsCaches; totalOf: TotalOf }) {
  const firstPages = deps.caches.track(new TtlCache<PageRow[]>({ ttlMs: 5_000, serveStaleMs: 5_000, maxEntries: 500 }));

  return async function rowsPage(viewer: ViewerInfo, query: ListPostsQuery, origin: LatLng): Promise<RowsPage> {
    const sort: Cursor['sort'] = query.distance === 'all' ? 'newest' : 'nearest';
    const wanted = gatedPage(viewer, { limit: query.limit, cursor: query.cursor });
    const after = wanted.cursor ? decodeCursor(wanted.cursor, sort) : null;
    const key = filterKey(query, origin);
    // The SQL of the filters is built only on a cache miss: it costs as much as the rest of a hit.
    const page = { sort, origin, after, limit: wanted.limit + 1 };
    const [rows, total] = await Promise.all([
      after
        ? deps.repo.page({ ...page, ...pageConditions(query, origin) })
        : firstPages.getOrLoad(`${key}|${wanted.limit}`, () => deps.repo.page({ ...page, ...pageConditions(query, origin) })),
      deps.totalOf(key, query, origin),
    ]);
    const shown = rows.slice(0, wanted.limit);
    const last = shown.at(-1);
    let nextCursor: string | null = null;
    if (!wanted.gated && rows.length > wanted.limit && last) nextCursor = cursorAfter(last, sort);
    return { rows: shown, origin, total: total.total, totalCapped: total.capped, nextCursor, source: after ? null : rows };
  };
}
