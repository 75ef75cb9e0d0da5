import { z } from 'zod';

export * from './notification-values';

/** The data of each kind (spec §3: new_message and new_comment as the spec's client reads them). */
export const NotificationData = {
  new_message: z.object({ fromUserId: z.string(), fromUsername: z.string(), content: z.string(), messageId: z.string(), postId: z.string().nullable() }),
  new_comment: z.object({ commenterUsername: z.string(), postTitle: z.string(), postId: z.string(), commentId: z.string() }),
  new_rating: z.object({ raterUserId: z.string(), raterUsername: z.string(), rating: z.number() }),
  post_hidden: z.object({ postId: z.string(), postTitle: z.string() }),
} as const;

export const Notification = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.literal('new_message'), data: NotificationData.new_message, createdAt: z.string(), read: z.boolean() }),
  z.object({ id: z.string(), type: z.literal('new_comment'), data: NotificationData.new_comment, createdAt: z.string(), read: z.boolean() }),
  z.object({ id: z.string(), type: z.literal('new_rating'), data: NotificationData.new_rating, createdAt: z.string(), read: z.boolean() }),
  z.object({ id: z.string(), type: z.literal('post_hidden'), data: NotificationData.post_hidden, createdAt: z.string(), read: z.boolean() }),
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
