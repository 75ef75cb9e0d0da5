import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import type { LatLng } from '../../../domain/geo';
import type { Cursor } from './cursor';
import { nearestOrderSql } from './filters';
import type { PostRow } from './present';

const { searchText: _searchText, ...columns } = getTableColumns(posts);

export type NewPostRow = typeof posts.$inferInsert;
export type PageRow = PostRow & { sortKey: string | number };

export interface PageQuery {
  where: SQL | undefined;
  /** The search (and the radius), apart: a nearest-first page applies it after its walk (nearestSearched). */
  search?: SQL | undefined;
  sort: Cursor['sort'];
  origin: LatLng;
  after: Cursor | null;
  limit: number;
}

/** How many of the nearest posts a searched nearest-first page looks through before the planner's plan. */
const NEAREST_WALK = 2000;

export function createPostsRepository(db: Db) {
  /** The order by distance from `origin` (KNN) and the conditions of a page after the cursor. */
  function byDistance(where: SQL | undefined, origin: LatLng, after: Cursor | null) {
    const knn = nearestOrderSql(origin);
    const keyset = after?.sort === 'nearest' ? sql`(${knn}, ${posts.id}) > (${after.distance}::float8, ${after.id}::uuid)` : undefined;
    return { knn, where: and(where, sql`${posts.publicLatitude} IS NOT NULL`, keyset) };
  }

  function nearest(where: SQL | undefined, origin: LatLng, after: Cursor | null, limit: number): Promise<PageRow[]> {
    const by = byDistance(where, origin, after);
    return db
      .select({ ...columns, sortKey: sql<number>`${by.knn}`.as('sort_key') })
      .from(posts)
      .where(by.where)
      .orderBy(by.knn, posts.id)
      .limit(limit);
  }

  /**
   * A searched page, nearest first. The planner combines the trigram and GiST indexes as bitmaps
   * and sorts every match in the radius (0.3-1.4 s at 1M posts for a common word). Walking the
   * nearest NEAREST_WALK posts in order (the radius left out of the walk, so the planner cannot
   * turn it into a bitmap either) and keeping those that match the search and the radius finds a
   * common word's page in under 20 ms, and since the order is the same, a full page found there
   * is the page. Otherwise the word is rare near here (or the radius holds fewer posts): the
   * planner's plan, fast for rare words, gives the page (docs/decisions/0022).
   */
  async function nearestSearched(opts: PageQuery): Promise<PageRow[]> {
    const by = byDistance(opts.where, opts.origin, opts.after);
    // Named "posts", so the search condition (written against posts.search_text) reads the walk's rows.
    const walk = db
      .select({ ...columns, searchText: posts.searchText, sortKey: sql<number>`${by.knn}`.as('sort_key') })
      .from(posts)
      .where(by.where)
      .orderBy(by.knn, posts.id)
      .limit(NEAREST_WALK)
      .as('posts');
    const { searchText: _text, ...shown } = walk._.selectedFields;
    const found = await db.select(shown).from(walk).where(opts.search).orderBy(walk.sortKey, walk.id).limit(opts.limit);
    if (found.length === opts.limit) return found;
    return nearest(and(opts.where, opts.search), opts.origin, opts.after, opts.limit);
  }

  return {
    /**
     * One page of posts matching `where` (and `search`), newest first (created_at DESC, id DESC:
     * served by posts_created_idx / posts_type_created_idx) or nearest first (KNN on the public
     * point's GiST index), strictly after `after`. Each row carries its sort key for the next cursor.
     */
    async page(opts: PageQuery): Promise<PageRow[]> {
      const { after, limit } = opts;
      const where = and(opts.where, opts.search);
      if (opts.sort === 'nearest') return opts.search ? nearestSearched(opts) : nearest(where, opts.origin, after, limit);
      const keyset = after?.sort === 'newest' ? sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
      return db
        .select({ ...columns, sortKey: sql<string>`${posts.createdAt}::text`.as('sort_key') })
        .from(posts)
        .where(and(where, keyset))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
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
      return row!;
    },

    async update(id: string, values: Partial<NewPostRow>): Promise<PostRow | undefined> {
      const [row] = await db
        .update(posts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(posts.id, id))
        .returning(columns);
      return row;
    },

    async delete(id: string): Promise<PostRow | undefined> {
      const [row] = await db.delete(posts).where(eq(posts.id, id)).returning(columns);
      return row;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
