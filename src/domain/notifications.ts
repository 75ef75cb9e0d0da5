import { z } from 'zod';
import { threadPath } from './messages';

/** Kinds of notification (spec §3 and DECISIONS 14): kept on the server, sent live on /ws. */
export const NOTIFICATION_TYPES = ['new_message', 'new_comment', 'new_rating', 'post_hidden'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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

/** The bell's badge (spec §2 Header): '9+' above 9. */
export const unreadBadge = (count: number) => (count > 9 ? '9+' : String(count));

/** Where clicking a notification goes (DECISIONS 15). */
export function notificationTarget(n: Notification): string {
  switch (n.type) {
    case 'new_message':
      return threadPath(n.data.fromUserId, n.data.postId);
    case 'new_comment':
    case 'post_hidden':
      return `/?post=${n.data.postId}`;
    case 'new_rating':
      return `/?member=${n.data.raterUserId}`;
  }
}

/** The toast of an incoming notification (spec §8). */
export function notificationToast(n: Pick<Notification, 'type' | 'data'> & Notification): { title: string; description: string } {
  switch (n.type) {
    case 'new_message':
      return { title: 'New Message', description: `${n.data.fromUsername}: ${n.data.content}` };
    case 'new_comment':
      return { title: 'New Comment', description: `${n.data.commenterUsername} commented on "${n.data.postTitle}"` };
    case 'new_rating':
      return { title: 'New Rating', description: `${n.data.raterUsername} rated you ${n.data.rating}/5` };
    case 'post_hidden':
      return { title: 'Post Hidden', description: `"${n.data.postTitle}" was reported by several members and is hidden until an admin reviews it.` };
  }
}

/** What the socket sends (spec §3 Live connection): 'authenticated', then each notification as it comes. */
export type SocketServerMessage =
  | { type: 'authenticated'; userId: string }
  | { type: NotificationType; data: Notification['data']; notificationId: string; createdAt: string };
