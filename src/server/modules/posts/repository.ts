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
