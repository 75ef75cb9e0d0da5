import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import type { LatLng } from '../../../domain/geo';
import type { Cursor } from './cursor';
import { nearestOrderSql } from './filters';
import type { PostRow } from './present';

const { searchText: _searchText, ...columns } = getTableColumns(posts);

export type NewPostRow = typeof posts.$inferInsert;
export type PageRow = PostRow & { sortKey: string | number };

export function createPostsRepository(db: Db) {
  return {
    /**
     * One page of posts matching `where`, newest first (created_at DESC, id DESC: served by
     * posts_created_idx / posts_type_created_idx) or nearest first (KNN on the public point's GiST
     * index), strictly after `after`. Each row carries its sort key for the next cursor.
     */
    async page(opts: { where: SQL | undefined; sort: Cursor['sort']; origin: LatLng; after: Cursor | null; limit: number }): Promise<PageRow[]> {
      const { where, after, limit } = opts;
      if (opts.sort === 'nearest') {
        const knn = nearestOrderSql(opts.origin);
        const keyset = after?.sort === 'nearest' ? sql`(${knn}, ${posts.id}) > (${after.distance}::float8, ${after.id}::uuid)` : undefined;
        return db
          .select({ ...columns, sortKey: sql<number>`${knn}`.as('sort_key') })
          .from(posts)
          .where(and(where, sql`${posts.publicLatitude} IS NOT NULL`, keyset))
          .orderBy(knn, posts.id)
          .limit(limit);
      }
      const keyset = after?.sort === 'newest' ? sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
      return db
        .select({ ...columns, sortKey: sql<string>`${posts.createdAt}::text`.as('sort_key') })
        .from(posts)
        .where(and(where, keyset))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
    },

    /**
     * The number of matching posts, counted up to `cap + 1` so the cost stays bounded at a million
     * posts (docs/decisions/0022). With a distance filter the planner under-estimates how many
     * points the box holds and would build a bitmap of all of them; a plain GiST index scan stops
     * after `cap + 1` rows, so bitmap scans are switched off for that one statement unless a
     * search (whose trigram index only works as a bitmap) is part of the filter.
     */
    async countUpTo(where: SQL | undefined, cap: number, opts: { preferIndexScan: boolean }): Promise<number> {
      const capped = db.select({ one: sql`1` }).from(posts).where(where).limit(cap + 1).as('capped');
      if (!opts.preferIndexScan) {
        const [row] = await db.select({ n: count() }).from(capped);
        return row?.n ?? 0;
      }
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        const [row] = await tx.select({ n: count() }).from(capped);
        return row?.n ?? 0;
      });
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
