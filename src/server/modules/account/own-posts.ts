import { and, desc, eq, sql } from 'drizzle-orm';
import { shownOf } from '../../../domain/own-post-values';
import type { OwnPost, OwnPostsPage, OwnPostsQuery } from '../../../domain/own-posts';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import { decodeKeyset, keysetPage, olderThan } from '../../lib/keyset';

interface OwnPostRow {
  id: string;
  title: string;
  type: OwnPost['type'];
  status: OwnPost['status'];
  createdAt: Date;
  key: string;
  hiddenReason: 'reports' | 'removed' | null;
  ownerSuspended: boolean;
}

/**
 * GET /api/user/posts (docs/decisions/0146): the member's posts, newest first, listed or not, a
 * page at a time (posts_user_idx finds them; a member's posts are few enough to sort).
 */
export async function ownPostsPage(db: Db, userId: string, query: OwnPostsQuery): Promise<OwnPostsPage> {
  const rows: OwnPostRow[] = await db
    .select({
      id: posts.id,
      title: posts.title,
      type: posts.type,
      status: posts.status,
      createdAt: posts.createdAt,
      key: sql<string>`${posts.createdAt}::text`,
      hiddenReason: posts.hiddenReason,
      ownerSuspended: posts.ownerSuspended,
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), olderThan(posts.createdAt, posts.id, decodeKeyset(query.cursor))))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1);
  const { shown, nextCursor } = keysetPage(rows, query.limit, (row) => [row.key, row.id]);
  return {
    items: shown.map((row) => ({ id: row.id, title: row.title, type: row.type, status: row.status, createdAt: row.createdAt.toISOString(), shown: shownOf(row) })),
    nextCursor,
  };
}
