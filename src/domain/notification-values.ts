import type { Notification } from './notifications';
import { VERIFIED_BADGES } from './community-values';
import { threadPath } from './message-values';
import { COMMENTS_OPEN_PARAM, postPath } from './post-values';
import { suspendedMessage } from './suspension';

/**
 * The zod-free part of notifications (as post-values.ts is of posts, docs/decisions/0040): the
 * header's bell and the live socket's client run on the first screen and import these without
 * pulling zod in. notifications.ts re-exports them.
 */

/** Kinds of notification (spec §3 and DECISIONS 14): kept on the server, sent live on /ws. */
export const NOTIFICATION_TYPES = [
  'new_message',
  'new_comment',
  'new_rating',
  'post_hidden',
  'post_removed',
  'post_restored',
  'comment_removed',
  'report_decided',
  'verification_decided',
  'account_suspended',
  'suspension_lifted',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What the bell's 'Clear all' asks first: it deletes every notification, not only those shown (docs/decisions/0142). */
export const CLEAR_ALL_QUESTION = 'Delete all your notifications, older ones too?';

/** The bell's badge (spec §2 Header): '9+' above 9. */
export const unreadBadge = (count: number) => (count > 9 ? '9+' : String(count));

/**
 * Where clicking a notification goes (DECISIONS 15): a rating, to the member's own profile, where
 * the new review is (docs/decisions/0131), not to the rater's.
 */
export function notificationTarget(n: Notification, selfId: string): string {
  switch (n.type) {
    case 'new_message':
      return threadPath(n.data.fromUserId, n.data.postId);
    case 'new_comment':
      return `${postPath(n.data.postId)}&${COMMENTS_OPEN_PARAM}=1`;
    case 'post_hidden':
    case 'post_removed':
    case 'post_restored':
    case 'comment_removed':
    case 'report_decided':
      return postPath(n.data.postId);
    case 'new_rating':
      return `/?member=${selfId}`;
    case 'verification_decided':
      return `/?member=${n.data.userId}`;
    case 'account_suspended':
    case 'suspension_lifted':
      return '/notifications';
  }
}

/** ': notes' after a sentence's words when there are notes, else '.'. */
const withNotes = (notes: string | null) => (notes ? `: ${notes}` : '.');

type ModerationNotification = Exclude<Notification, { type: 'new_message' | 'new_comment' | 'new_rating' | 'post_hidden' }>;

/** What an admin's decision tells a member (issue 19). */
function moderationToast(n: ModerationNotification): { title: string; description: string } {
  switch (n.type) {
    case 'post_removed':
      return { title: 'Post Removed', description: `"${n.data.postTitle}" was removed by an admin${withNotes(n.data.reviewNotes)}` };
    case 'post_restored':
      return { title: 'Post Restored', description: `"${n.data.postTitle}" is listed again.` };
    case 'comment_removed':
      return { title: 'Comment Removed', description: `An admin removed your comment on "${n.data.postTitle}".` };
    case 'report_decided':
      return {
        title: 'Report Reviewed',
        description:
          n.data.outcome === 'removed'
            ? `An admin removed "${n.data.postTitle}". Thank you for reporting it.`
            : `An admin reviewed "${n.data.postTitle}" and kept it listed.`,
      };
    case 'verification_decided': {
      const badge = VERIFIED_BADGES[n.data.verifiedType].label;
      if (n.data.status === 'approved') {
        // The admin screen promises the member the notes either way (0084, 0148).
        const notes = n.data.reviewNotes ? ` The admin's notes: ${n.data.reviewNotes}` : '';
        return { title: 'Verification Approved', description: `Your "${badge}" badge now shows on your posts and profile.${notes}` };
      }
      if (n.data.status === 'rejected') return { title: 'Verification Not Approved', description: `Your request for "${badge}" was not approved${withNotes(n.data.reviewNotes)}` };
      return { title: 'Badge Removed', description: `Your "${badge}" badge was removed${withNotes(n.data.reviewNotes)}` };
    }
    case 'account_suspended':
      return { title: 'Account Suspended', description: suspendedMessage({ until: n.data.until === null ? null : new Date(n.data.until), reason: n.data.reason }) };
    case 'suspension_lifted':
      return { title: 'Suspension Lifted', description: 'You can post, comment, message, rate and report again.' };
  }
}

/** The most of a message a toast quotes: a 500-character one covered a third of a phone for 5 s (0146). */
export const TOAST_QUOTE_MAX = 140;

/** `text` as a toast quotes it: whole, or cut at a word before `max` characters with '…'. */
export function quoted(text: string, max = TOAST_QUOTE_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The toast of an incoming notification (spec §8); a long message is quoted in part, whole in the inbox. */
export function notificationToast(n: Pick<Notification, 'type' | 'data'> & Notification): {
  title: string;
  description: string;
} {
  switch (n.type) {
    case 'new_message':
      return { title: 'New Message', description: `${n.data.fromUsername}: ${quoted(n.data.content)}` };
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
    default:
      return moderationToast(n);
  }
}

/**
 * What the socket sends (spec §3 Live connection): 'authenticated', then each notification as it
 * comes, and 'notifications_read' when the member read some elsewhere (docs/decisions/0146).
 */
export type SocketServerMessage =
  | { type: 'authenticated'; userId: string }
  | { type: 'notifications_read' }
  | { type: NotificationType; data: Notification['data']; notificationId: string; createdAt: string };
