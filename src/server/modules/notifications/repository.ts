import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '../../../domain/notifications';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { olderThan, type Keyset } from '../../lib/keyset';

export type NotificationRow = typeof notifications.$inferSelect;

export function createNotificationsRepository(db: Db) {
  /** Marks read the member's unread notifications that match every one of `which`; the ids it changed. */
  const markUnreadRead = (userId: string, ...which: SQL[]) =>
    db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ...which))
      .returning({ id: notifications.id });

  return {
    async insert(userId: string, type: NotificationType, data: object, tx: Pick<Db, 'insert'> = db): Promise<NotificationRow> {
      const [row] = await tx.insert(notifications).values({ userId, type, data }).returning();
      return row!;
    },

    async findById(id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
      return row;
    },

    /** The member's notifications, newest first, after `after`, each with its created_at as PostgreSQL prints it. */
    async page(userId: string, limit: number, after: Keyset | null): Promise<Array<NotificationRow & { key: string }>> {
      return db
        .select({ ...getTableColumns(notifications), key: sql<string>`${notifications.createdAt}::text` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), olderThan(notifications.createdAt, notifications.id, after)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unread(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks one unread notification of the member read; true when it changed. */
    async markRead(userId: string, id: string): Promise<boolean> {
      return (await markUnreadRead(userId, eq(notifications.id, id))).length > 0;
    },

    /**
     * Marks the member's unread notifications read up to `upTo`, one of theirs: it and those before
     * it in the list's order (created_at, then id, as `page` walks them), not those after it. When
     * `upTo` is not theirs, or is gone, the row comparison is NULL and nothing changes.
     */
    async markReadUpTo(userId: string, upTo: string): Promise<void> {
      const point = alias(notifications, 'point');
      const upToKey = db
        .select({ createdAt: point.createdAt, id: point.id })
        .from(point)
        .where(and(eq(point.id, upTo), eq(point.userId, userId)));
      await markUnreadRead(userId, sql`(${notifications.createdAt}, ${notifications.id}) <= ${upToKey}`);
    },

    /** Marks the member's unread new_message notifications from `fromUserId` about `postId` (or none) read. */
    async markMessagesRead(userId: string, fromUserId: string, postId: string | null): Promise<void> {
      await markUnreadRead(
        userId,
        eq(notifications.type, 'new_message'),
        sql`${notifications.data}->>'fromUserId' = ${fromUserId}`,
        postId === null ? sql`${notifications.data}->>'postId' IS NULL` : sql`${notifications.data}->>'postId' = ${postId}`,
      );
    },

    async clear(userId: string): Promise<void> {
      await db.delete(notifications).where(eq(notifications.userId, userId));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
