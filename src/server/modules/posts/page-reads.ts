// The two reads a list page is made of (docs/decisions/0071): every match the search index finds,
// sorted, or a walk of an ordered index keeping the matches it meets. paging.ts chooses.
import { and, asc, desc, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import type { PostRow } from './present';

const { searchVector: _searchVector, ...columns } = getTableColumns(posts);
/** A post's columns as the app reads them: all but the search document (PostRow). */
export const postColumns = columns;
/** What a walk's conditions read (filters.ts): the filters' columns, the point, the words. */
const walkColumns = {
  id: posts.id,
  createdAt: posts.createdAt,
  type: posts.type,
  status: posts.status,
  region: posts.region,
  quantity: posts.quantity,
  hiddenAt: posts.hiddenAt,
  ownerSuspended: posts.ownerSuspended,
  publicLatitude: posts.publicLatitude,
  publicLongitude: posts.publicLongitude,
  searchVector: posts.searchVector,
};

/** A row of a page, with the key it is sorted by (its creation time as text, or its distance). */
export type PageRow = PostRow & { sortKey: string | number };

/**
 * A page of rows, with what it tells of the total: every match counted (the index found them
 * all), or a sample (a walk found `found` matches among the first `walked` posts of its scope).
 */
export interface RowsPage {
  rows: PageRow[];
  matched: number | null;
  sample: { found: number; walked: number } | null;
}

/** A page's order: newest first, or by a distance (`SQL`, nearest first); the id breaks ties. */
export type PageOrder = 'newest' | SQL;

/** The ORDER BY of `order`. */
export const orderOf = (order: PageOrder): SQL[] =>
  order === 'newest' ? [desc(posts.createdAt), desc(posts.id)] : [order, asc(posts.id)];

/** Each row's place in `order`, counted from 1. */
const placeIn = (order: PageOrder) =>
  sql<number>`row_number() OVER (ORDER BY ${sql.join(orderOf(order), sql`, `)})`.mapWith(Number).as('place');

/** The reads of `db`: `fromIndex` and `walk`. */
export function createPageReads(db: Db) {
  /**
   * Every post the index finds for `keys` and `where`, the page of them in `order` (newest first,
   * or nearest first by the distance `order` is), and how many it found. The search keys cost
   * the planner so much per row (migration 0007) that it always reads them from the GIN index,
   * never walks an ordered index through a rare combination (docs/decisions/0071).
   */
  async function fromIndex(
    keys: SQLWrapper,
    where: SQL | undefined,
    order: PageOrder,
    limit: number,
  ): Promise<RowsPage> {
    const sortKey = order === 'newest' ? sql<string>`${posts.createdAt}::text` : sql<number>`${order}`;
    // The page's ids first (only what sorting needs leaves the heap for every match), then its rows.
    const m = db
      .select({
        pageId: sql<string>`${posts.id}`.as('page_id'),
        sortKey: sortKey.as('sort_key'),
        place: placeIn(order),
        matched: sql<number>`count(*) OVER ()`.mapWith(Number).as('matched'),
      })
      .from(posts)
      .where(and(keys, where))
      .orderBy(...orderOf(order))
      .limit(limit)
      .as('m');
    const rows = await db
      .select({ ...columns, sortKey: m.sortKey, matched: m.matched })
      .from(m)
      .innerJoin(posts, eq(posts.id, m.pageId))
      .orderBy(m.place);
    return {
      rows: rows.map(({ matched: _matched, ...row }) => row),
      matched: rows[0]?.matched ?? 0,
      sample: null,
    };
  }

  /**
   * A walk of the `length` first posts of `scope` in `order` (what an index serves in that order),
   * keeping the first `limit` that match `rest`, each with its place in the walk.
   */
  async function walk(
    length: number,
    scope: SQL | undefined,
    order: PageOrder,
    rest: SQL | undefined,
    sortKey: SQL.Aliased<string> | SQL.Aliased<number>,
    limit: number,
  ) {
    // Named "posts", so the conditions (written against the posts table) read the walk's rows;
    // only the columns they read leave it (a third of the time of whole rows), the page's rows
    // are read after, by id.
    const w = db
      .select({ ...walkColumns, sortKey, place: placeIn(order) })
      .from(posts)
      .where(scope)
      .orderBy(...orderOf(order))
      .limit(length)
      .as('posts');
    // Ordered as the walk is, so the walk stops at the page's last match.
    const outer = order === 'newest' ? [desc(w.createdAt), desc(w.id)] : [asc(w.sortKey), asc(w.id)];
    const page = db
      .select({ pageId: sql<string>`${w.id}`.as('page_id'), sortKey: w.sortKey, place: w.place })
      .from(w)
      .where(rest)
      .orderBy(...outer)
      .limit(limit)
      .as('page');
    const found = await db
      .select({ ...columns, sortKey: page.sortKey, place: page.place })
      .from(page)
      .innerJoin(posts, eq(posts.id, page.pageId))
      .orderBy(page.place);
    const rows: PageRow[] = found.map(({ place: _p, ...row }) => row);
    return { rows, walked: found.at(-1)?.place ?? 0 };
  }

  return { fromIndex, walk };
}
