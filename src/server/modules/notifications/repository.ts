import { and, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

/** Where a page of notifications continues: after this one (newest first). */
export interface NotificationCursor {
  createdAt: string;
  id: string;
}

export function createNotificationsRepository(db: Db) {
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
    async page(userId: string, limit: number, after: NotificationCursor | null): Promise<Array<NotificationRow & { key: string }>> {
      const keyset = after
        ? or(
            lt(notifications.createdAt, sql`${after.createdAt}::timestamptz`),
            and(eq(notifications.createdAt, sql`${after.createdAt}::timestamptz`), lt(notifications.id, after.id)),
          )
        : undefined;
      return db
        .select({ ...getTableColumns(notifications), key: sql<string>`${notifications.createdAt}::text` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), keyset))
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

    /** Marks one (or, without an id, every) unread notification of the member read; true when one changed. */
    async markRead(userId: string, id?: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** Marks the member's unread new_message notifications from `fromUserId` about `postId` (or none) read. */
    async markMessagesRead(userId: string, fromUserId: string, postId: string | null): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            eq(notifications.type, 'new_message'),
            sql`${notifications.data}->>'fromUserId' = ${fromUserId}`,
            postId === null ? sql`${notifications.data}->>'postId' IS NULL` : sql`${notifications.data}->>'postId' = ${postId}`,
          ),
        );
    },

    async clear(userId: string): Promise<void> {
      await db.delete(notifications).where(eq(notifications.userId, userId));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
