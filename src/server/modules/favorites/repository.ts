import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites } from '../../db/schema/index';

export function createFavoritesRepository(db: Db) {
  return {
    /** True when the favourite is new; an existing one is left as it is (idempotent). */
    async add(userId: string, postId: string): Promise<boolean> {
      const rows = await db.insert(favorites).values({ userId, postId }).onConflictDoNothing().returning({ postId: favorites.postId });
      return rows.length > 0;
    },

    async remove(userId: string, postId: string): Promise<void> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.postId, postId)));
    },

    async has(userId: string, postId: string): Promise<boolean> {
      const [row] = await db
        .select({ postId: favorites.postId })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.postId, postId)))
        .limit(1);
      return row !== undefined;
    },

    /** Which of `postIds` the user has favourited: one lookup on the primary key (user_id, post_id). */
    async savedAmong(userId: string, postIds: readonly string[]): Promise<string[]> {
      if (postIds.length === 0) return [];
      const rows = await db
        .select({ postId: favorites.postId })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), inArray(favorites.postId, [...postIds])));
      return rows.map((r) => r.postId);
    },

    /** The user's favourite post ids, newest favourite first (primary key (user_id, post_id) serves the lookup). */
    async postIds(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ postId: favorites.postId })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt), desc(favorites.postId))
        .limit(limit);
      return rows.map((r) => r.postId);
    },
  };
}
