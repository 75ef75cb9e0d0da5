import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, users } from '../../db/schema/index';
import { olderThan, type Keyset } from '../../lib/keyset';

export interface CommentRow {
  id: string;
  postId: string;
  authorId: string;
  authorName: string;
  content: string;
  createdAt: Date;
  /** created_at as PostgreSQL prints it, for the next page's cursor. */
  key: string;
}

const fields = {
  id: comments.id,
  postId: comments.postId,
  authorId: comments.authorId,
  authorName: users.username,
  content: comments.content,
  createdAt: comments.createdAt,
  key: sql<string>`${comments.createdAt}::text`,
};

export function createCommentsRepository(db: Db) {
  /** Comment counts of posts by id: a named prepared statement on every card read (docs/decisions/0090). */
  const countsOf = db
    .select({ postId: comments.postId, n: sql<number>`count(*)::int` })
    .from(comments)
    .where(sql`${comments.postId} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .groupBy(comments.postId)
    .prepare('comment_counts');

  return {
    /** A post's comments, newest first (comments_post_idx), after the cursor. */
    async page(postId: string, limit: number, after: Keyset | null): Promise<CommentRow[]> {
      return db
        .select(fields)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(eq(comments.postId, postId), olderThan(comments.createdAt, comments.id, after)))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(limit);
    },

    async findById(id: string): Promise<CommentRow | undefined> {
      const [row] = await db.select(fields).from(comments).innerJoin(users, eq(users.id, comments.authorId)).where(eq(comments.id, id)).limit(1);
      return row;
    },

    async insert(postId: string, authorId: string, content: string, tx: Pick<Db, 'insert'> = db): Promise<string> {
      const [row] = await tx.insert(comments).values({ postId, authorId, content }).returning({ id: comments.id });
      return row!.id;
    },

    /** Deletes the comment (in `tx` when given): whether it was there to delete, so two deletions at once delete it once. */
    async delete(id: string, tx: Pick<Db, 'delete'> = db): Promise<boolean> {
      const gone = await tx.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
      return gone.length > 0;
    },

    /** The number of comments of each post among `postIds` (posts without any are left out). */
    async counts(postIds: readonly string[]): Promise<Map<string, number>> {
      if (postIds.length === 0) return new Map();
      const rows = await countsOf.execute({ ids: [...postIds] });
      return new Map(rows.map((r) => [r.postId, r.n]));
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
