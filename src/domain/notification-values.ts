import type { Notification } from './notifications';
import { threadPath } from './message-values';

/**
 * The zod-free part of notifications (as post-values.ts is of posts, docs/decisions/0040): the
 * header's bell and the live socket's client run on the first screen and import these without
 * pulling zod in. notifications.ts re-exports them.
 */

/** Kinds of notification (spec §3 and DECISIONS 14): kept on the server, sent live on /ws. */
export const NOTIFICATION_TYPES = ['new_message', 'new_comment', 'new_rating', 'post_hidden'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
export function notificationToast(n: Pick<Notification, 'type' | 'data'> & Notification): {
  title: string;
  description: string;
} {
  switch (n.type) {
    case 'new_message':
      return { title: 'New Message', description: `${n.data.fromUsername}: ${n.data.content}` };
    case 'new_comment':
      return {
        title: 'New Comment',
        description: `${n.data.commenterUsername} commented on "${n.data.postTitle}"`,
      };
    case 'new_rating':
      return { title: 'New Rating', description: `${n.data.raterUsername} rated you ${n.data.rating}/5` };
    case 'post_hidden':
      return {
        title: 'Post Hidden',
        description: `"${n.data.postTitle}" was reported by several members and is hidden until an admin reviews it.`,
      };
  }
}

/** What the socket sends (spec §3 Live connection): 'authenticated', then each notification as it comes. */
export type SocketServerMessage =
  | { type: 'authenticated'; userId: string }
  | { type: NotificationType; data: Notification['data']; notificationId: string; createdAt: string };
