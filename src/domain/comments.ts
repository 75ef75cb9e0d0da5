import { z } from 'zod';
import type { Actor } from './actor';
import { LIMITS } from './limits';
import { text } from './text';

export { commentsLabel } from './community-values';

/** The comments dialog's words, for a neighbour and for the post's owner (docs/decisions/0148). */
export const COMMENT_TEXTS = {
  prompt: 'Ask the neighbour sharing it a question, or say thanks.',
  placeholder: 'Ask a question or say thanks...',
  ownerPrompt: 'Answer questions about your post, or add news of it.',
  ownerPlaceholder: 'Answer a question or add an update...',
} as const;

/** Texts of spec §5 and §8 for comments. */
export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: 'Comment too long',
  emptyList: 'No comments yet. Be the first to comment!',
  postedTitle: 'Comment added',
  postedText: 'Your comment has been posted successfully',
  failedTitle: 'Error',
  failedText: 'Failed to add comment. Please try again.',
  invalidTitle: 'Invalid comment',
  fetchFailed: 'Failed to fetch comments',
  notFound: 'Comment not found.',
} as const;

/** POST /api/posts/:id/comments (spec §7): the trimmed content; `userId` may only name the session's member (DECISIONS 1). */
export const CreateCommentInput = z.object({
  userId: text().optional(),
  content: text(COMMENT_MESSAGES.empty)
    .trim()
    .min(1, COMMENT_MESSAGES.empty)
    .max(LIMITS.commentMax, COMMENT_MESSAGES.tooLong),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInput>;

/** A comment as the API returns it (spec §3, with its author by name: DECISIONS 19). */
export const Comment = z.object({
  id: z.string(),
  postId: z.string(),
  /** The author (spec §3 `userId`); `authorId` says the same. */
  userId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof Comment>;

/**
 * Whether deleting a comment is an admin's moderation (docs/decisions/0151): an admin deleting
 * someone else's comment. That deletion has its line in the audit log and its author is told; a
 * member's, or an admin's, deletion of their own comment is neither.
 */
export const removedByAdmin = (actor: Pick<Actor, 'userId' | 'isAdmin'>, comment: { authorId: string }): boolean =>
  actor.isAdmin && actor.userId !== comment.authorId;

/** What the delete confirmation adds for an admin removing someone else's comment. */
export const ADMIN_REMOVAL_NOTE = 'Its author will be told that an admin removed it, and the audit log keeps its text.';

export const CommentsQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type CommentsQuery = z.infer<typeof CommentsQuery>;
