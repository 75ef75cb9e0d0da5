import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PostState } from '../../../domain/admin';
import type { PostType } from '../../../domain/posts';
import type { Db, Tx } from '../../db/client';
import { posts, users } from '../../db/schema/index';
import type { EventBus } from '../../events/bus';
import { POST_CHANGED } from '../../events/topics';

/** A post as moderation sees it (issue 19): what it is, whose, and where it stands. */
export interface ModeratedPost {
  id: string;
  userId: string | null;
  type: PostType;
  title: string;
  description: string;
  address: string;
  thumbnailUrl: string | null;
  ownerName: string | null;
  createdAt: Date;
  state: PostState;
  ownerSuspended: boolean;
}

/** The columns moderation reads of posts. */
const moderated = (on: Pick<Db, 'select'>) =>
  on
    .select({
      id: posts.id,
      userId: posts.userId,
      type: posts.type,
      title: posts.title,
      description: posts.description,
      address: posts.address,
      thumbnailUrl: posts.thumbnailUrl,
      ownerName: posts.ownerName,
      createdAt: posts.createdAt,
      hiddenAt: posts.hiddenAt,
      hiddenReason: posts.hiddenReason,
      ownerSuspended: posts.ownerSuspended,
    })
    .from(posts);

const toModerated = ({ hiddenAt, hiddenReason, ...row }: Awaited<ReturnType<typeof moderated>>[number]): ModeratedPost => ({
  ...row,
  state: hiddenAt === null ? 'listed' : hiddenReason === 'removed' ? 'removed' : 'hidden',
});

/** Past this many posts changed at once, every card is dropped rather than each. */
const ONE_BY_ONE = 20;

/**
 * The posts side of moderation (issue 19, docs/decisions/0084): hiding by reports, an admin's
 * removal or restoring, the posts of a suspended owner, and those of an account that closes. A write made in an admin's transaction
 * answers the publish to run once it is committed, so no instance reads the post before it is.
 */
export function createPostModeration(db: Db, events: EventBus) {
  const publishAll = async (ids: readonly string[]) => {
    if (ids.length > ONE_BY_ONE) return events.publish(POST_CHANGED, {});
    for (const id of ids) await events.publish(POST_CHANGED, { id });
  };

  return {
    /** Hides a listed post that reports weigh enough against; the post, or undefined when it was not listed. */
    async hideByReports(id: string): Promise<{ id: string; userId: string | null; title: string } | undefined> {
      const [row] = await db
        .update(posts)
        .set({ hiddenAt: sql`now()`, hiddenReason: 'reports' })
        .where(and(eq(posts.id, id), isNull(posts.hiddenAt)))
        .returning({ id: posts.id, userId: posts.userId, title: posts.title });
      if (row) await publishAll([row.id]);
      return row;
    },

    /** Posts by id as moderation sees them, hidden and removed ones included. */
    async forModeration(ids: readonly string[]): Promise<ModeratedPost[]> {
      if (ids.length === 0) return [];
      return (await moderated(db).where(inArray(posts.id, [...ids]))).map(toModerated);
    },

    /**
     * In an admin's transaction: the post as moderation sees it, held until the transaction ends
     * (against other decisions and hiding by reports; reports and favourites of it still go in).
     * Its owner is held first (FOR KEY SHARE, as the notification to them holds them): a
     * suspension takes the owner, then their posts, so neither waits on the other in a circle.
     */
    async heldForModeration(tx: Tx, id: string): Promise<ModeratedPost | undefined> {
      const owner = tx.select({ id: posts.userId }).from(posts).where(eq(posts.id, id));
      await tx.select({ id: users.id }).from(users).where(inArray(users.id, owner)).for('key share');
      const [row] = await moderated(tx).where(eq(posts.id, id)).for('no key update');
      return row && toModerated(row);
    },

    /** In an admin's transaction: lists the post again, or removes it. Answers the publish for after the commit. */
    async setState(tx: Tx, id: string, state: 'listed' | 'removed'): Promise<() => Promise<void>> {
      const hidden = state === 'listed' ? { hiddenAt: null, hiddenReason: null } : { hiddenAt: sql`now()`, hiddenReason: 'removed' as const };
      await tx.update(posts).set(hidden).where(eq(posts.id, id));
      return () => publishAll([id]);
    },

    /** In an admin's transaction: takes a suspended member's posts out of lists, or lists them again. */
    async setOwnerSuspended(tx: Tx, userId: string, suspended: boolean): Promise<() => Promise<void>> {
      const changed = await tx
        .update(posts)
        .set({ ownerSuspended: suspended })
        .where(and(eq(posts.userId, userId), ne(posts.ownerSuspended, suspended)))
        .returning({ id: posts.id });
      return () => publishAll(changed.map((c) => c.id));
    },

    /** In the transaction that closes a member's account: deletes their posts; their photos' keys, and the publish for after the commit. */
    async deleteOwnerPosts(tx: Tx, userId: string): Promise<{ imageKeys: string[]; announce: () => Promise<void> }> {
      const gone = await tx.delete(posts).where(eq(posts.userId, userId)).returning({ id: posts.id, imageKeys: posts.imageKeys });
      return { imageKeys: gone.flatMap((g) => g.imageKeys ?? []), announce: () => publishAll(gone.map((g) => g.id)) };
    },
  };
}

export type PostModeration = ReturnType<typeof createPostModeration>;
