import { z } from 'zod';
import { VerifiedType } from './auth';
import { uuidField } from './id-schemas';
import type { NotificationType } from './notification-values';

export * from './notification-values';

/** The data of each kind (spec §3: new_message and new_comment as the spec's client reads them). */
export const NotificationData = {
  new_message: z.object({ fromUserId: z.string(), fromUsername: z.string(), content: z.string(), messageId: z.string(), postId: z.string().nullable() }),
  new_comment: z.object({ commenterUsername: z.string(), postTitle: z.string(), postId: z.string(), commentId: z.string() }),
  new_rating: z.object({ raterUserId: z.string(), raterUsername: z.string(), rating: z.number() }),
  post_hidden: z.object({ postId: z.string(), postTitle: z.string() }),
  // Moderation (issue 19): the owner of a removed or restored post, each reporter of a decided case,
  // the member whose verification was decided or badge revoked, a suspended member.
  post_removed: z.object({ postId: z.string(), postTitle: z.string(), reviewNotes: z.string().nullable() }),
  post_restored: z.object({ postId: z.string(), postTitle: z.string() }),
  // The author of a comment an admin removed (0151).
  comment_removed: z.object({ postId: z.string(), postTitle: z.string() }),
  report_decided: z.object({ postId: z.string(), postTitle: z.string(), outcome: z.enum(['kept', 'removed']) }),
  verification_decided: z.object({
    userId: z.string(),
    status: z.enum(['approved', 'rejected', 'revoked']),
    verifiedType: VerifiedType,
    reviewNotes: z.string().nullable(),
  }),
  account_suspended: z.object({ until: z.string().nullable(), reason: z.string() }),
  suspension_lifted: z.object({}),
} as const;

const kind = <T extends NotificationType>(type: T) =>
  z.object({ id: z.string(), type: z.literal(type), data: NotificationData[type], createdAt: z.string(), read: z.boolean() });

export const Notification = z.discriminatedUnion('type', [
  kind('new_message'),
  kind('new_comment'),
  kind('new_rating'),
  kind('post_hidden'),
  kind('post_removed'),
  kind('post_restored'),
  kind('comment_removed'),
  kind('report_decided'),
  kind('verification_decided'),
  kind('account_suspended'),
  kind('suspension_lifted'),
]);
export type Notification = z.infer<typeof Notification>;

export const NotificationsPage = z.object({
  items: z.array(Notification),
  /** Unread notifications in all, for the bell's badge. */
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z.string().max(200).optional(),
});

export const MARK_ALL_READ_INVALID = 'Say up to which notification to mark read: upTo must be a notification id.';

/**
 * POST /api/notifications/read, 'Mark all as read' (docs/decisions/0116): the newest notification
 * the screen showed; it and those before it are read, not those that arrived after it. Required.
 */
export const MarkAllReadInput = z.object({ upTo: uuidField(MARK_ALL_READ_INVALID) }, { error: MARK_ALL_READ_INVALID });
export type MarkAllReadInput = z.infer<typeof MarkAllReadInput>;
