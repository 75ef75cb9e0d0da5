import { topic } from './bus';

/**
 * Every topic of the EventBus, in one place (docs/decisions/0050, 0070). Payloads are small and
 * carry ids, not rows: they cross the database as NOTIFY text. Publish after the change is
 * committed; the repositories that write the data publish them, so no caller can forget.
 */

/**
 * What a session holds changed: a session ended or was replaced (its id), a member's grants or
 * admin flag changed (their id). Every instance drops the sessions it keeps for them.
 */
export type SessionChange = { sessionId?: string; userId?: string };
export const SESSION_CHANGED = topic<SessionChange>('session_changed');

/**
 * A post was created, edited, had its status changed or was deleted: which lists, totals and map
 * views hold it may have changed, so every instance drops its pages and views, and the post's card.
 * Without an id, many posts changed (a bulk load, a script): every card is dropped too.
 */
export const POST_CHANGED = topic<{ id?: string }>('post_changed');

/**
 * Something shown on a post's card but kept by another area changed (its comment count, say):
 * only that card is read again; the pages that hold it keep their place.
 */
export const CARD_CHANGED = topic<{ postId: string }>('card_changed');

/**
 * Something shown on every card of a member's posts changed (their rating, their verified badge):
 * those cards are read again, nothing else.
 */
export const MEMBER_CHANGED = topic<{ userId: string }>('member_changed');

/** A notification was stored for a member: the instances holding their sockets send it (by id). */
export const NOTIFICATION_CREATED = topic<{ userId: string; id: string }>('notification_created');

/**
 * A member read notifications or a conversation (docs/decisions/0146): their sockets on every
 * instance are told, so their other tabs and devices ask the bell and the inbox again.
 */
export const NOTIFICATIONS_READ = topic<{ userId: string }>('notifications_read');

/**
 * An admin suspended a member (issue 19): every instance closes the live sockets it holds for
 * them (their sessions are dropped through SESSION_CHANGED).
 */
export const ACCOUNT_SUSPENDED = topic<{ userId: string }>('account_suspended');

/**
 * A member deleted their account (DECISIONS 17): every instance closes the live sockets it holds
 * for them, on every device, as for a sign-out (their sessions went with the account and are
 * dropped through SESSION_CHANGED).
 */
export const ACCOUNT_DELETED = topic<{ userId: string }>('account_deleted');
