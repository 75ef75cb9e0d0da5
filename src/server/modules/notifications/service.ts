import type { Actor } from '../../../domain/actor';
import { Notification, type MarkAllReadInput, type NotificationData, type NotificationsPage, type NotificationType } from '../../../domain/notifications';
import { isUuid } from '../../../domain/ids';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, memberIdOf } from '../../errors';
import type { EventBus } from '../../events/bus';
import { NOTIFICATION_CREATED, NOTIFICATIONS_READ } from '../../events/topics';
import { decodeKeyset, keysetPage } from '../../lib/keyset';
import { createNotificationsRepository, type NotificationRow } from './repository';

export const NOTIFICATION_MESSAGES = {
  signIn: 'Please sign in to see your notifications.',
  notFound: 'Notification not found.',
} as const;

type DataOf<T extends NotificationType> = z.infer<(typeof NotificationData)[T]>;

/** A stored notification as the API and the socket send it. */
export const toNotification = (row: NotificationRow): Notification =>
  Notification.parse({ id: row.id, type: row.type, data: row.data, createdAt: row.createdAt.toISOString(), read: row.readAt !== null });

/**
 * Notifications (DECISIONS 14, 15): kept in PostgreSQL for the member, so one who was offline sees
 * them at the next visit, and announced on the bus (NOTIFICATION_CREATED) so the instance holding
 * the member's socket sends it at once (socket.ts).
 */
export function createNotificationsService(deps: { db: Db; events: EventBus }) {
  const repo = createNotificationsRepository(deps.db);

  const memberOf = (actor: Actor) => memberIdOf(actor, NOTIFICATION_MESSAGES.signIn);

  /**
   * Stores a notification in the caller's transaction, with the write it tells of; what it returns
   * announces it to every instance, once that transaction is committed (db/committed.ts).
   */
  async function notifyIn<T extends NotificationType>(tx: Pick<Db, 'insert'>, userId: string, type: T, data: DataOf<T>): Promise<() => Promise<void>> {
    const row = await repo.insert(userId, type, data, tx);
    return () => deps.events.publish(NOTIFICATION_CREATED, { userId, id: row.id });
  }

  /** The member's other tabs and devices are told that what they show as unread may be read now (0146). */
  const readBy = (userId: string) => deps.events.publish(NOTIFICATIONS_READ, { userId });

  return {
    /** Stores a notification for `userId` and announces it to every instance. */
    async notify<T extends NotificationType>(userId: string, type: T, data: DataOf<T>): Promise<void> {
      await (await notifyIn(deps.db, userId, type, data))();
    },

    notifyIn,

    /** A notification by id, for the socket of its member (null when gone). */
    async byId(id: string): Promise<{ userId: string; notification: Notification } | null> {
      const row = await repo.findById(id);
      return row ? { userId: row.userId, notification: toNotification(row) } : null;
    },

    /** GET /api/notifications: the newest first, and how many are unread. */
    async page(actor: Actor, query: { limit: number; cursor?: string }): Promise<NotificationsPage> {
      const userId = memberOf(actor);
      const [rows, unread] = await Promise.all([repo.page(userId, query.limit + 1, decodeKeyset(query.cursor)), repo.unread(userId)]);
      const { shown, nextCursor } = keysetPage(rows, query.limit, (row) => [row.key, row.id]);
      return { items: shown.map(toNotification), unread, nextCursor };
    },

    /** Marks one read (clicking it, spec §4); 404 when it is not the member's. */
    async markRead(actor: Actor, id: string): Promise<void> {
      const userId = memberOf(actor);
      if (!isUuid(id)) throw notFound(NOTIFICATION_MESSAGES.notFound);
      if (await repo.markRead(userId, id)) return readBy(userId);
      // Nothing changed: read already (fine), or not the member's (as if absent).
      if ((await repo.findById(id))?.userId !== userId) throw notFound(NOTIFICATION_MESSAGES.notFound);
    },

    /**
     * A thread opened: its new_message notifications are read too, so the bell agrees with the
     * inbox; the member's other tabs hear of it (the thread's messages were marked read just before).
     */
    async markThreadRead(userId: string, otherUserId: string, postId: string | null): Promise<void> {
      await repo.markMessagesRead(userId, otherUserId, postId);
      await readBy(userId);
    },

    /**
     * 'Mark all as read' (docs/decisions/0116): up to the newest notification the member was shown,
     * so one that arrived since stays unread. One not theirs (or gone meanwhile) marks nothing.
     */
    async markAllRead(actor: Actor, input: MarkAllReadInput): Promise<void> {
      const userId = memberOf(actor);
      await repo.markReadUpTo(userId, input.upTo);
      await readBy(userId);
    },

    /** 'Clear all' (spec §2 Header). */
    async clear(actor: Actor): Promise<void> {
      const userId = memberOf(actor);
      await repo.clear(userId);
      await readBy(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
