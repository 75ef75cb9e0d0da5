import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import type { EventBus } from '../../events/bus';
import { POST_CHANGED } from '../../events/topics';
import type { LatLng } from '../../../domain/geo';
import { LIMITS } from '../../../domain/limits';
import type { Cursor } from './cursor';
import { nearestOrderSql } from './filters';
import type { PostRow } from './present';

const { searchVector: _searchVector, ...columns } = getTableColumns(posts);

export type NewPostRow = typeof posts.$inferInsert;
export type PageRow = PostRow & { sortKey: string | number };

/** A page of rows, and how many posts match in all when the index could tell at little cost (at most CAP + 1). */
export interface RowsPage {
  rows: PageRow[];
  matched: number | null;
}

export interface PageQuery {
  /** Every condition of the filters but a distance's radius. */
  where: SQL | undefined;
  /** The search index's condition for the same filters (search.ts), when it can narrow them. */
  keys?: SQL | undefined;
  after: Cursor | null;
  limit: number;
}

export interface NearestQuery extends PageQuery {
  origin: LatLng;
  /** The radius (and the search), kept apart: the walk of the nearest posts applies them after it. */
  within: SQL | undefined;
}

/** Counted through the index up to one more than the total's cap: past it, the total says "1,000+". */
const CAP = LIMITS.totalCountCap;
/** How many of the newest (or nearest) posts a page looks through before it asks the search index for all matches. */
const WALK = 3000;

/**
 * Posts: the page queries of the list and every write. Writes publish POST_CHANGED once done, so
 * the read model of every instance drops what they touch (docs/decisions/0070).
 */
export function createPostsRepository(db: Db, events: EventBus) {
  const newestKey = sql<string>`${posts.createdAt}::text`.as('sort_key');
  const newestAfter = (after: Cursor | null) =>
    after?.sort === 'newest' ? sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
  const nearestAfter = (knn: SQL, after: Cursor | null) =>
    after?.sort === 'nearest' ? sql`(${knn}, ${posts.id}) > (${after.distance}::float8, ${after.id}::uuid)` : undefined;

  /**
   * Every post the index finds for `keys` and `where` (at most `cap`), the page of them in `order`
   * (newest first, or nearest first by `sortKey`), and how many it found. The search keys cost
   * the planner so much per row (migration 0007) that it always reads them from the GIN index,
   * never walks an ordered index through a rare combination (docs/decisions/0071).
   */
  async function fromIndex(keys: SQL, where: SQL | undefined, order: 'newest' | { nearest: SQL }, limit: number, cap: number | null): Promise<RowsPage> {
    const sortKey = order === 'newest' ? newestKey : sql<number>`${order.nearest}`.as('sort_key');
    const found = db.select({ ...columns, sortKey }).from(posts).where(and(keys, where));
    const m = (cap === null ? found : found.limit(cap)).as('m');
    const [first, second] = order === 'newest' ? [desc(m.createdAt), desc(m.id)] : [asc(m.sortKey), asc(m.id)];
    const rows = await db
      .select({ ...m._.selectedFields, matched: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(m)
      .orderBy(first, second)
      .limit(limit);
    return { rows: rows.map(({ matched: _matched, ...row }) => row), matched: rows[0]?.matched ?? 0 };
  }

  /**
   * The newest `limit` posts of `where`; with `walk`, the newest `walk` posts of the type (what
   * the index serves) looked through for those matching `rest`.
   */
  async function walkNewest(q: PageQuery, typeOnly: SQL | undefined, rest: SQL | undefined, walk: number | null): Promise<PageRow[]> {
    const base = (fields: typeof columns & { searchVector?: typeof posts.searchVector }) =>
      db
        .select({ ...fields, sortKey: newestKey })
        .from(posts)
        .where(and(walk === null ? q.where : typeOnly, newestAfter(q.after)))
        .orderBy(desc(posts.createdAt), desc(posts.id));
    if (walk === null) return base(columns).limit(q.limit);
    // Named "posts", so the conditions (written against the posts table) read the walk's rows.
    const w = base({ ...columns, searchVector: posts.searchVector }).limit(walk).as('posts');
    const { searchVector: _searchVector, ...shown } = w._.selectedFields;
    return db.select(shown).from(w).where(rest).orderBy(desc(w.createdAt), desc(w.id)).limit(q.limit);
  }

  return {
    /**
     * One page newest first (created_at DESC, id DESC), strictly after `after`. Without `keys`, a
     * walk of posts_created_idx / posts_type_created_idx. With them (a search, or filters beyond
     * the type; docs/decisions/0071): the index's matches when there are at most CAP of them;
     * otherwise they are common, and the newest WALK posts hold a page; failing that, all matches.
     */
    async newest(q: PageQuery & { typeOnly?: SQL; rest?: SQL }): Promise<RowsPage> {
      if (!q.keys) return { rows: await walkNewest(q, undefined, undefined, null), matched: null };
      const where = and(q.where, newestAfter(q.after));
      const first = await fromIndex(q.keys, where, 'newest', q.limit, CAP + 1);
      if (first.matched !== null && first.matched <= CAP) return first;
      const walked = await walkNewest(q, q.typeOnly, and(q.rest, newestAfter(q.after)), WALK);
      if (walked.length === q.limit) return { rows: walked, matched: first.matched };
      return { ...(await fromIndex(q.keys, where, 'newest', q.limit, null)), matched: first.matched };
    },

    /**
     * One page nearest first (KNN on the public point's GiST index), strictly after `after`. A
     * page with a search (`keys`) first walks the WALK nearest posts matching the other filters
     * and keeps those `within` (the radius and the search): for a common word that is the page.
     * Otherwise the index finds every match in the circle's map cells, sorted by distance.
     */
    async nearest(q: NearestQuery): Promise<RowsPage> {
      const knn = nearestOrderSql(q.origin);
      const located = and(q.where, sql`${posts.publicLatitude} IS NOT NULL`, nearestAfter(knn, q.after));
      const sortKey = sql<number>`${knn}`.as('sort_key');
      const page = (where: SQL | undefined, limit: number) =>
        db.select({ ...columns, sortKey }).from(posts).where(where).orderBy(knn, posts.id).limit(limit);
      if (!q.keys) return { rows: await page(and(located, q.within), q.limit), matched: null };
      const walk = db
        .select({ ...columns, searchVector: posts.searchVector, sortKey })
        .from(posts)
        .where(located)
        .orderBy(knn, posts.id)
        .limit(WALK)
        .as('posts');
      const { searchVector: _searchVector, ...shown } = walk._.selectedFields;
      const walked = await db.select(shown).from(walk).where(q.within).orderBy(walk.sortKey, walk.id).limit(q.limit);
      if (walked.length === q.limit) return { rows: walked, matched: null };
      return fromIndex(q.keys, and(located, q.within), { nearest: knn }, q.limit, null);
    },

    /** How many posts the index finds for `keys` and `where`, counted up to `cap + 1`. */
    async countUpTo(keys: SQL, where: SQL | undefined, cap: number): Promise<number> {
      const result = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${posts} WHERE ${and(keys, where)} LIMIT ${cap + 1}) AS c`,
      );
      return result.rows[0]?.n ?? 0;
    },

    async findById(id: string): Promise<PostRow | undefined> {
      const [row] = await db.select(columns).from(posts).where(eq(posts.id, id)).limit(1);
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<PostRow[]> {
      if (ids.length === 0) return [];
      return db.select(columns).from(posts).where(inArray(posts.id, [...ids]));
    },

    async insert(values: NewPostRow): Promise<PostRow> {
      const [row] = await db.insert(posts).values(values).returning(columns);
      await events.publish(POST_CHANGED, { id: row!.id });
      return row!;
    },

    async update(id: string, values: Partial<NewPostRow>): Promise<PostRow | undefined> {
      const [row] = await db
        .update(posts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(posts.id, id))
        .returning(columns);
      if (row) await events.publish(POST_CHANGED, { id });
      return row;
    },

    async delete(id: string): Promise<PostRow | undefined> {
      const [row] = await db.delete(posts).where(eq(posts.id, id)).returning(columns);
      if (row) await events.publish(POST_CHANGED, { id });
      return row;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
