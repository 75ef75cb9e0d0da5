import type { Actor } from '../../../../domain/actor';
import type { LatLng } from '../../../../domain/geo';
import { pageSizeFor } from '../../../../domain/policy';
import { DISTANCE_MILES, type ListPostsQuery, type PostFilters } from '../../../../domain/posts';
import { TtlCache } from '../../../lib/ttl-cache';
import { decodeCursor, encodeCursor, type Cursor } from '../cursor';
import { and } from 'drizzle-orm';
import { filterConditions, typeCondition, visible } from '../filters';
import type { Card } from '../present';
import type { PageRow, RowsPage } from '../page-reads';
import type { NearestQuery, NewestQuery } from '../paging';
import type { CircleFilters } from '../circle/counts';
import type { PostsRepository } from '../repository';
import { circleKeys, keysCondition, searchMatches } from '../search';
import type { Total, Totals } from '../totals/totals';
import type { WordCellsRepository } from '../map/word-cells';
import type { CardStore } from './cards';
import { nearWord, type NearWord } from './near-word';

/** A first page as kept: the ids of its posts in order, and where the next page starts. */
interface PageSkeleton {
  ids: string[];
  nextCursor: string | null;
}

/** One page of the list for an actor, behind the viewing gate (DECISIONS 7). */
export interface ListPage {
  cards: Card[];
  total: Total;
  nextCursor: string | null;
  /** The key of the kept first page it was cut from (null for a page read live). */
  pageKey: string | null;
  /** Answered without a query: the page and its total were kept. */
  cached: boolean;
}

/** The normalised filter combination: the key of its total and (with the page size) of its first page. */
export function filterKey(f: PostFilters, origin: LatLng): string {
  const where = f.distance === 'all' ? null : [origin.lat, origin.lng];
  return JSON.stringify([
    f.type ?? null,
    f.q?.toLowerCase() ?? null,
    f.status,
    f.amount,
    f.region,
    f.distance,
    where,
  ]);
}

const ANY = { q: undefined, status: 'all', amount: 'all', region: 'all', distance: 'all' } as const;

/**
 * What a search's walk looks through (paging.ts): newest first, the posts of its type;
 * nearest first, the posts of its other filters within the circle. Its total is known without a search.
 */
const walkScope = (query: PostFilters): PostFilters =>
  query.distance === 'all' ? { ...ANY, type: query.type } : { ...query, q: undefined };

const cursorAfter = (last: PageRow, sort: Cursor['sort']) =>
  encodeCursor(
    sort === 'newest'
      ? { sort, createdAt: String(last.sortKey), id: last.id }
      : { sort, distance: Number(last.sortKey), id: last.id },
  );

/**
 * A page of `query` newest first (paging.ts): with a search, or filters beyond the type, its index
 * conditions, and the walk through the newest posts of its type, whose `scope` is asked only then.
 */
export function newestQuery(
  query: PostFilters,
  origin: LatLng,
  after: Cursor | null,
  limit: number,
  scope: () => Promise<number>,
): NewestQuery {
  const keys = keysCondition(query);
  return {
    where: filterConditions(query, origin),
    keys,
    exact: and(visible, query.q ? searchMatches(query.q) : undefined),
    scope: keys ? scope : undefined,
    typeOnly: typeCondition(query),
    rest: filterConditions({ ...query, type: undefined }, origin),
    after,
    limit,
  };
}

/**
 * A page of `query` nearest first, within its distance (paging.ts): the radius and the search are
 * applied after the walk of the nearest posts. With a search, its index conditions, and what they
 * are weighed against: the posts matching the other filters anywhere, and the walk's scope (asked
 * only when a walk may be worth it).
 */
export async function nearestQuery(
  query: CircleFilters,
  origin: LatLng,
  after: Cursor | null,
  limit: number,
  counts: { everywhere: () => Promise<number>; scope: () => Promise<number> },
  near: NearWord | null = null,
): Promise<NearestQuery> {
  const { distance } = query;
  const keys = query.q ? keysCondition(query, circleKeys(origin, DISTANCE_MILES[distance])) : undefined;
  return {
    where: filterConditions({ ...query, q: undefined, distance: 'all' }, origin),
    within: filterConditions({ ...ANY, q: query.q, distance }, origin),
    keys,
    words: keys && keysCondition(query),
    everywhere: keys ? await counts.everywhere() : undefined,
    exact: and(visible, query.q ? searchMatches(query.q) : undefined),
    scope: keys ? counts.scope : undefined,
    nearby: near ? (wanted) => near.keys(wanted, after) : undefined,
    origin,
    after,
    limit,
  };
}

/**
 * Pages of the posts list (docs/decisions/0021, 0070, 0071): first pages kept as the ids of their
 * posts for 5 s (answered stale for 5 s more while one request reloads them), later pages (a
 * cursor) read live; the cards come from the card store, the totals from `totals` (a search's
 * with its page: every match counted, or estimated from a walk). The read model drops the kept
 * pages on every post write on any instance.
 */
export function createListPages(deps: {
  repo: PostsRepository;
  cards: CardStore;
  totals: Totals;
  words: WordCellsRepository;
}) {
  const firstPages = new TtlCache<PageSkeleton>({ ttlMs: 5_000, serveStaleMs: 5_000, maxEntries: 1000 });

  /**
   * How many posts match the filters but the words and the distance, anywhere (kept with the
   * totals): what a search's share is taken of, on the list and the map.
   */
  const everywhere = async (f: PostFilters, origin: LatLng): Promise<number> => {
    const anywhere = { ...f, q: undefined, distance: 'all' } as const;
    return (await deps.totals.of(filterKey(anywhere, origin), anywhere, origin)).total;
  };

  /** How many posts a search's walk looks through: only weighed, and scaled by the walk's sample. */
  const scopeTotal = (query: PostFilters, origin: LatLng) => {
    const scope = walkScope(query);
    return deps.totals.weighed(filterKey(scope, origin), scope, origin);
  };

  /**
   * The rows of one page (one more than asked, to know whether another follows), and for a search
   * within a distance, its reading from word_cells (which then may give the total).
   */
  async function readRows(
    query: ListPostsQuery,
    origin: LatLng,
    after: Cursor | null,
    limit: number,
  ): Promise<RowsPage & { near?: NearWord | null }> {
    const { distance } = query;
    if (distance === 'all') {
      const scope = async () => (await scopeTotal(query, origin)).total;
      return deps.repo.newest(newestQuery(query, origin, after, limit, scope));
    }
    const near = nearWord(deps.words, { ...query, distance }, origin);
    const counts = {
      everywhere: () => everywhere(query, origin),
      scope: async () => (await scopeTotal(query, origin)).total,
    };
    const page = await deps.repo.nearest(await nearestQuery({ ...query, distance }, origin, after, limit, counts, near));
    return { ...page, near };
  }

  /**
   * A search's total from its first page: every match, its share of the walk times the walk's
   * scope, or the word's kept counts in the circle (a page read around the origin).
   */
  async function searchTotal(
    query: ListPostsQuery,
    origin: LatLng,
    rows: RowsPage & { near?: NearWord | null },
  ): Promise<Total> {
    if (rows.matched !== null) return { total: rows.matched, estimated: false };
    if (!rows.sample) return (await rows.near?.total()) ?? { total: rows.rows.length, estimated: false };
    const { found, walked } = rows.sample;
    return { total: Math.round(((await scopeTotal(query, origin)).total * found) / walked), estimated: true };
  }

  async function read(
    query: ListPostsQuery,
    origin: LatLng,
    after: Cursor | null,
    limit: number,
    key: string,
  ) {
    const sort: Cursor['sort'] = query.distance === 'all' ? 'newest' : 'nearest';
    const since = { cards: deps.cards.generation(), totals: deps.totals.version() };
    const rows = await readRows(query, origin, after, limit + 1);
    if (!after && query.q) deps.totals.remember(key, await searchTotal(query, origin, rows), since.totals);
    const shown = rows.rows.slice(0, limit);
    const cards = await deps.cards.fromRows(shown, since.cards);
    const nextCursor = rows.rows.length > limit && shown.length > 0 ? cursorAfter(shown.at(-1)!, sort) : null;
    return { cards, nextCursor };
  }

  /** The total for `query`: kept, else counted (a search's, by reading its first page). */
  async function totalOf(query: ListPostsQuery, origin: LatLng, key: string): Promise<Total> {
    if (!query.q) return deps.totals.of(key, query, origin);
    const kept = deps.totals.peek(key);
    if (kept) return kept;
    const since = deps.totals.version();
    const total = await searchTotal(query, origin, await readRows(query, origin, null, query.limit + 1));
    deps.totals.remember(key, total, since);
    return total;
  }

  return {
    clear: () => firstPages.clear(),

    everywhere,

    /** A first page answered wholly from what is kept (its posts, their cards, its total), else null: no query. */
    kept(actor: Actor, query: ListPostsQuery, origin: LatLng, now: Date): ListPage | null {
      const { limit, gated } = pageSizeFor(actor, query.limit, now);
      if (!gated && query.cursor) return null;
      const key = filterKey(query, origin);
      const pageKey = `${key}|${limit}`;
      const skeleton = firstPages.peek(pageKey);
      const total = deps.totals.fresh(key);
      const cards = skeleton?.fresh && total ? deps.cards.kept(skeleton.value.ids) : null;
      if (!cards || !total) return null;
      return { cards, total, nextCursor: gated ? null : skeleton!.value.nextCursor, pageKey, cached: true };
    },

    async page(actor: Actor, query: ListPostsQuery, origin: LatLng, now: Date): Promise<ListPage> {
      const sort: Cursor['sort'] = query.distance === 'all' ? 'newest' : 'nearest';
      const { limit, gated } = pageSizeFor(actor, query.limit, now);
      const after = !gated && query.cursor ? decodeCursor(query.cursor, sort) : null;
      const key = filterKey(query, origin);
      if (after) {
        const { cards, nextCursor } = await read(query, origin, after, limit, key);
        return { cards, nextCursor, total: await totalOf(query, origin, key), pageKey: null, cached: false };
      }
      const pageKey = `${key}|${limit}`;
      let cached = true;
      let made: Card[] | null = null;
      const skeleton = await firstPages.getOrLoad(pageKey, async () => {
        cached = false;
        const { cards, nextCursor } = await read(query, origin, null, limit, key);
        made = cards;
        return { ids: cards.map((c) => c.row.id), nextCursor };
      });
      const totalWasKept = deps.totals.has(key);
      const [cards, total] = await Promise.all([
        (made as Card[] | null) ?? deps.cards.get(skeleton.ids),
        totalOf(query, origin, key),
      ]);
      return {
        cards,
        total,
        nextCursor: gated ? null : skeleton.nextCursor,
        pageKey,
        cached: cached && totalWasKept,
      };
    },
  };
}

export type ListPages = ReturnType<typeof createListPages>;
