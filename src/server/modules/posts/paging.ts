import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { LatLng } from '../../../domain/geo';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import { olderThan } from '../../lib/keyset';
import type { Cursor } from './cursor';
import { nearestOrderSql } from './filters';
import { createKeyEstimates, type KeyEstimates } from './key-estimates';
import { createPageReads, orderOf, postColumns as columns, type RowsPage } from './page-reads';
import { cellsNarrow, type IndexKeys } from './search';

/** What a page is asked for: its filters as conditions, where it starts, and its length. */
export interface PageQuery {
  /** Every condition of the filters but a distance's radius. */
  where: SQL | undefined;
  /** The search index's condition for the same filters (search.ts), when it can narrow them. */
  keys?: IndexKeys | undefined;
  /** What the keys leave undecided (a search's words in order); with the keys, the whole filter. */
  exact?: SQL | undefined;
  /**
   * How many posts the walk would look through at most (its scope), asked only when a walk may
   * be worth it (a count of its own: within a circle, countInCircle); a small scope goes to the index at once.
   */
  scope?: () => Promise<number>;
  after: Cursor | null;
  limit: number;
}

/** The search index's condition for the cells around a page's origin; `whole` when they are all the circle's. */
export interface NearKeys {
  keys: SQLWrapper;
  whole: boolean;
}

/** A page newest first: with a search, its walk goes through the posts of `typeOnly`, keeping those of `rest`. */
export interface NewestQuery extends PageQuery {
  typeOnly?: SQL | undefined;
  rest?: SQL | undefined;
}

/** A page nearest first, from `origin`. */
export interface NearestQuery extends PageQuery {
  origin: LatLng;
  /**
   * The radius (and the search), kept apart: the walk of the nearest posts applies them after it,
   * and with a search the index's matches are kept to them (its box then written for no index:
   * filters.ts).
   */
  within: SQL | undefined;
  /**
   * The search index's condition for the words and filters without the circle's cells, and how
   * many posts match the filters but the words and the distance: the words' share of them tells
   * how many matches a walk of the nearest posts meets. The share of the circle's cells would
   * not: they reach beyond the circle (the box around it), so it would overstate it two or three
   * times, and a futile KNN walk costs about ten times a btree's (3,000 steps: 23-59 ms at 1M).
   */
  words?: IndexKeys | undefined;
  everywhere?: number;
  /**
   * For a search of one kept word (read-model/near-word.ts): the index's condition for the cells
   * that hold the `wanted` nearest matches, read instead of every match in the circle; false when
   * none is in it; null when it cannot say. Its page then tells nothing of the total (`matched`
   * null) unless it is the last.
   */
  nearby?: (wanted: number) => Promise<NearKeys | false | null>;
}

/**
 * How many of the newest (or nearest) posts of its scope a page looks through at least before it
 * asks the search index for every match: past it, the matches are rare enough (under a page per
 * WALK posts) to be read and sorted at little cost (docs/decisions/0071). Newest first, a walk
 * goes further when its matches are many (MATCH_READ).
 */
export const WALK = 3000;
/**
 * The same for the nearest first: a KNN step of the point index costs about ten times a btree
 * step (3,000 of them took 23-59 ms at 1M posts, against 3-15 ms for every match of a rare word).
 */
export const NEAREST_WALK = 1000;
/**
 * Newest first, a walk may pass as many posts as reading every match from the search index would
 * cost: a match read and sorted costs about as much as this many posts walked past (measured at
 * 1M posts: 2.2-3.2 µs a match, 1.1 µs a post; docs/decisions/0099).
 */
const MATCH_READ = 2;
/** The longest walk newest first: a futile one costs the walk and then the index's read. */
const MAX_WALK = 12_000;
/** A walk that answers a page also estimates the total: from at least this many matches (±22 %). */
const SAMPLE = 21;

/**
 * The list's pages, newest or nearest first, each with what it tells of its total: a walk of an
 * ordered index, or every match of the search index, sorted (docs/decisions/0071, 0072).
 */
export function createPaging(db: Db, estimates: KeyEstimates = createKeyEstimates(db)) {
  const newestKey = sql<string>`${posts.createdAt}::text`.as('sort_key');
  const newestAfter = (after: Cursor | null) => (after?.sort === 'newest' ? olderThan(posts.createdAt, posts.id, after) : undefined);
  const nearestAfter = (knn: SQL, after: Cursor | null) =>
    after?.sort === 'nearest'
      ? sql`(${knn}, ${posts.id}) > (${after.distance}::float8, ${after.id}::uuid)`
      : undefined;

  const { fromIndex, walk } = createPageReads(db);
  const { expected } = estimates;

  /**
   * A keyed page (docs/decisions/0071). When the walk is expected to meet more than a page and a
   * half of matches (`walkYield`, told how many that is), the walk first: a full page found there
   * is the page, and says how common they are. Otherwise, or when the walk falls short, every
   * match from the index, sorted.
   */
  async function keyed(
    q: PageQuery,
    walkYield: (enough: number) => Promise<number>,
    walkFor: (limit: number) => ReturnType<typeof walk>,
    fromKeys: () => Promise<RowsPage>,
  ): Promise<RowsPage> {
    // Every match costs a heap read to be sorted; the walk costs one per post it passes.
    const wanted = Math.max(q.limit, SAMPLE);
    const enough = 1.5 * wanted;
    if ((await walkYield(enough)) >= enough) {
      const { rows, walked } = await walkFor(wanted);
      if (rows.length === wanted)
        return { rows: rows.slice(0, q.limit), matched: null, sample: { found: rows.length, walked } };
    }
    return fromKeys();
  }

  return {
    /**
     * One page newest first (created_at DESC, id DESC), strictly after `after`. Without `keys`, a
     * walk of posts_created_idx / posts_type_created_idx. With them (a search, or filters beyond
     * the type), `keyed`: the walk goes through the newest posts of the type.
     */
    async newest(q: NewestQuery): Promise<RowsPage> {
      const after = newestAfter(q.after);
      if (!q.keys) {
        const rows = await db
          .select({ ...columns, sortKey: newestKey })
          .from(posts)
          .where(and(q.where, after))
          .orderBy(...orderOf('newest'))
          .limit(q.limit);
        return { rows, matched: null, sample: null };
      }
      const keys = q.keys;
      const scope = q.scope ? await q.scope() : Infinity;
      // The matches the planner expects in the scope, met by the walk in proportion (its estimate
      // of the search keys holds within about 10 %: migration 0022, docs/decisions/0098; a word
      // most posts hold is undercounted, and walked anyway: 0147); the walk may go as far as
      // reading them all would cost.
      let length = WALK;
      const walkYield = async () => {
        if (scope <= WALK) return 0;
        const matches = await expected(keys);
        length = Math.min(MAX_WALK, Math.max(WALK, Math.round(MATCH_READ * matches)));
        return (matches * length) / scope;
      };
      return keyed(
        q,
        walkYield,
        (limit) => walk(length, and(q.typeOnly, after), 'newest', q.rest, newestKey, limit),
        () => fromIndex(keys, and(q.exact, after), 'newest', q.limit),
      );
    },

    /**
     * One page nearest first (KNN on the public point's GiST index), strictly after `after`. With
     * a search (`keys`), `keyed`: the walk goes through the nearest posts matching the other
     * filters, keeping those `within` (the radius and the search); the index finds every match in
     * the circle's map cells.
     */
    async nearest(q: NearestQuery): Promise<RowsPage> {
      const knn = nearestOrderSql(q.origin);
      const located = and(q.where, sql`${posts.publicLatitude} IS NOT NULL`, nearestAfter(knn, q.after));
      const sortKey = sql<number>`${knn}`.as('sort_key');
      if (!q.keys) {
        const rows = await db
          .select({ ...columns, sortKey })
          .from(posts)
          .where(and(located, q.within))
          .orderBy(...orderOf(knn))
          .limit(q.limit);
        return { rows, matched: null, sample: null };
      }
      const { keys, words, everywhere } = q;
      // How many matches the planner expects anywhere, and so their share of the posts of the other filters.
      const alone = words && everywhere ? await expected(words) : null;
      const share = alone !== null ? alone / everywhere! : 0;
      // The share of the walk's scope, met by the walk in proportion. Too rare to fill a page in a
      // whole walk, the index at once, without counting the scope (a rare word within a distance).
      let scope = Infinity;
      const walkYield = async (enough: number) => {
        if (share * NEAREST_WALK < enough) return 0;
        scope = q.scope ? await q.scope() : Infinity;
        return scope > NEAREST_WALK ? share * NEAREST_WALK : 0;
      };
      // A scope walkYield counted and found small goes to the index with the circle's cells at once;
      // uncounted (the words too rare to walk), the cells are weighed (cellsNarrow).
      const narrowest = async () =>
        alone === null || scope <= NEAREST_WALK || cellsNarrow(alone, await expected(keys), everywhere!)
          ? keys
          : words!;
      // `within` holds the search's exact words as well as the radius: `exact` would check them twice.
      const fromKeys = (condition: SQLWrapper) =>
        fromIndex(condition, and(q.within, nearestAfter(knn, q.after)), knn, q.limit);
      const walkFor = (limit: number) => walk(NEAREST_WALK, located, knn, q.within, sortKey, limit);
      return keyed(q, walkYield, walkFor, async () => {
        const near = q.nearby ? await q.nearby(q.limit) : null;
        if (near === false) return { rows: [], matched: 0, sample: null };
        if (near === null) return fromKeys(await narrowest());
        const page = await fromKeys(near.keys);
        if (page.rows.length === q.limit) return { ...page, matched: null };
        // Short: the last matches, unless the counts changed since they were read (a post removed).
        return near.whole ? { ...page, matched: page.rows.length } : fromKeys(await narrowest());
      });
    },
  };
}
