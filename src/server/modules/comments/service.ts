import type { Actor } from '../../../domain/actor';
import { COMMENT_MESSAGES, removedByAdmin, type Comment, type CommentsQuery, type CreateCommentInput } from '../../../domain/comments';
import { isUuid } from '../../../domain/ids';
import { actsAsSelf, canComment, canDeleteComment } from '../../../domain/policy';
import type { Db } from '../../db/client';
import { assertAllowed, notFound } from '../../errors';
import type { EventBus } from '../../events/bus';
import { CARD_CHANGED } from '../../events/topics';
import { decodeKeyset, keysetPage } from '../../lib/keyset';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import { adminOf, appendAudit } from '../admin/service';
import type { NotificationsService } from '../notifications/service';
import { POST_MESSAGES, type PostsService } from '../posts/service';
import { createCommentsRepository, type CommentRow } from './repository';
import { committed } from '../../db/committed';

/** Comments a member may post (spec §9 has none; issue: 10 in 10 minutes). */
export const COMMENT_RATE: RateRule = { what: 'comments', limit: 10, windowMs: 10 * 60_000 };

export interface CommentsPage {
  comments: Comment[];
  nextCursor: string | null;
}

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  postId: row.postId,
  userId: row.authorId,
  authorId: row.authorId,
  authorName: row.authorName,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
});

export interface CommentsServiceDeps {
  db: Db;
  events: EventBus;
  limiter: RateLimiter;
  posts: PostsService;
  notifications: NotificationsService;
  /** Whether either member blocked the other (DECISIONS 21): no notification between them. */
  blocked(a: string, b: string): Promise<boolean>;
}

/**
 * Comments (spec §2 dialog 3, DECISIONS 19): members comment; anyone who can read a post reads
 * its comments. A new or deleted comment changes its post's card only (CARD_CHANGED); the post's
 * owner is told of a new one, unless either blocked the other.
 */
export function createCommentsService(deps: CommentsServiceDeps) {
  const repo = createCommentsRepository(deps.db);
  deps.posts.addCardPart({
    async load(rows) {
      const counts = await repo.counts(rows.map((r) => r.id));
      return new Map([...counts].map(([postId, commentCount]) => [postId, { commentCount }]));
    },
  });

  return {
    /** GET /api/posts/:id/comments: newest first, a page at a time. */
    async list(actor: Actor, postId: string, query: CommentsQuery): Promise<CommentsPage> {
      await deps.posts.readable(actor, postId);
      const rows = await repo.page(postId, query.limit + 1, decodeKeyset(query.cursor));
      const { shown, nextCursor } = keysetPage(rows, query.limit, (row) => [row.key, row.id]);
      return { comments: shown.map(toComment), nextCursor };
    },

    async create(actor: Actor, postId: string, input: CreateCommentInput): Promise<Comment> {
      assertAllowed(canComment(actor));
      assertAllowed(actsAsSelf(actor, input.userId));
      const authorId = actor.userId!;
      const post = await deps.posts.readable(actor, postId);
      await deps.limiter.hit(`comments:${authorId}`, COMMENT_RATE);
      const owner = post.row.userId;
      const tell = owner !== null && owner !== authorId && !(await deps.blocked(owner, authorId));
      // The comment and its notification are stored together or not at all; a post deleted meanwhile is a 404.
      const id = await committed(deps.db, async (tx, announce) => {
        const id = await repo.insert(post.row.id, authorId, input.content, tx);
        announce(() => deps.events.publish(CARD_CHANGED, { postId: post.row.id }));
        if (tell) {
          const data = { commenterUsername: actor.member?.username ?? 'A member', postTitle: post.row.title, postId: post.row.id, commentId: id };
          announce(await deps.notifications.notifyIn(tx, owner, 'new_comment', data));
        }
        return id;
      }).catch((err: unknown) => {
        throw isForeignKeyViolation(err) ? notFound(POST_MESSAGES.notFound) : err;
      });
      return toComment((await repo.findById(id))!);
    },

    /**
     * DELETE /api/comments/:id: its author or an admin. An admin removing someone else's comment
     * acts as an admin (0084, 0151): the comment goes in one transaction with its line in the audit
     * log (its text as it was) and the notice to its author. Deleted once: a second deletion at
     * the same moment finds nothing to delete (404), and logs and tells nothing.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound(COMMENT_MESSAGES.notFound);
      assertAllowed(canDeleteComment(actor, row));
      const moderated = removedByAdmin(actor, row);
      // The post as it is now: its title names it in the log and the notice (an admin sees it hidden or removed too).
      const post = moderated ? (await deps.posts.visible(actor, row.postId)).row : null;
      await committed(deps.db, async (tx, announce) => {
        if (!(await repo.delete(row.id, tx))) throw notFound(COMMENT_MESSAGES.notFound);
        announce(() => deps.events.publish(CARD_CHANGED, { postId: row.postId }));
        if (!post) return;
        const admin = adminOf(actor);
        await appendAudit(tx, [
          {
            adminId: admin.id,
            adminName: admin.name,
            action: 'comment_removed',
            targetType: 'post',
            targetId: post.id,
            targetName: post.title,
            subjectUserId: row.authorId,
            changes: { before: { author: row.authorName, comment: row.content }, after: null },
          },
        ]);
        announce(await deps.notifications.notifyIn(tx, row.authorId, 'comment_removed', { postId: post.id, postTitle: post.title }));
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
