import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { messages, posts, users } from '../../db/schema/index';
import { olderThan, type Keyset } from '../../lib/keyset';

export interface MessageRow {
  id: string;
  fromUserId: string;
  toUserId: string;
  fromName: string;
  toName: string;
  postId: string | null;
  postTitle: string | null;
  /** The post was deleted since: its title is the one it had (0148). */
  postDeleted: boolean;
  subject: string | null;
  content: string;
  createdAt: Date;
  readAt: Date | null;
  /** created_at as PostgreSQL prints it, for the next page's cursor. */
  key: string;
}

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

/** The messages of one thread: between the two members, about the post (or about none). */
const inThread = (a: string, b: string, postId: string | null): SQL =>
  and(
    or(and(eq(messages.fromUserId, a), eq(messages.toUserId, b)), and(eq(messages.fromUserId, b), eq(messages.toUserId, a))),
    postId ? eq(messages.postId, postId) : isNull(messages.postId),
  )!;

export function createMessagesRepository(db: Db) {
  const select = (on: Pick<Db, 'select'> = db) =>
    on
      .select({
        id: messages.id,
        fromUserId: messages.fromUserId,
        toUserId: messages.toUserId,
        fromName: sender.username,
        toName: recipient.username,
        postId: messages.postId,
        postTitle: sql<string | null>`coalesce(${posts.title}, ${messages.postTitle})`,
        postDeleted: sql<boolean>`(${messages.postId} IS NOT NULL AND ${posts.id} IS NULL)`,
        subject: messages.subject,
        content: messages.content,
        createdAt: messages.createdAt,
        readAt: messages.readAt,
        key: sql<string>`${messages.createdAt}::text`,
      })
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.fromUserId))
      .innerJoin(recipient, eq(recipient.id, messages.toUserId))
      .leftJoin(posts, eq(posts.id, messages.postId));

  return {
    /** Stores a message (in the caller's transaction when given) and reads it back as the thread shows it. */
    async insert(values: { fromUserId: string; toUserId: string; postId: string | null; postTitle: string | null; subject: string | null; content: string }, tx: Pick<Db, 'insert' | 'select'> = db): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
      const [message] = await select(tx).where(eq(messages.id, row!.id));
      return message!;
    },

    /**
     * Holds the post a new conversation is about until the message is stored: false when it was
     * deleted meanwhile (as a foreign key would: a deletion under way is waited for).
     */
    async holdPost(tx: Pick<Db, 'execute'>, postId: string): Promise<boolean> {
      const { rows } = await tx.execute(sql`SELECT 1 FROM ${posts} WHERE ${posts.id} = ${postId} FOR KEY SHARE`);
      return rows.length > 0;
    },

    /** The post's title the thread's messages last wrote down (for a reply about a post gone from view). */
    async threadPostTitle(a: string, b: string, postId: string): Promise<string | null> {
      const [row] = await db
        .select({ title: messages.postTitle })
        .from(messages)
        .where(and(inThread(a, b, postId), isNotNull(messages.postTitle)))
        .orderBy(desc(messages.createdAt))
        .limit(1);
      return row?.title ?? null;
    },

    /** Whether the thread has a message already (a new one does not start a conversation). */
    async threadExists(a: string, b: string, postId: string | null): Promise<boolean> {
      const [row] = await db.select({ one: sql`1` }).from(messages).where(inThread(a, b, postId)).limit(1);
      return row !== undefined;
    },

    /** Whether each of the two has sent the other a message, about anything (DECISIONS 20). */
    async exchanged(a: string, b: string): Promise<boolean> {
      const sent = (from: string, to: string) =>
        sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.fromUserId} = ${from} AND ${messages.toUserId} = ${to})`;
      const result = await db.execute<{ both: boolean }>(sql`SELECT ${sent(a, b)} AND ${sent(b, a)} AS both`);
      return result.rows[0]?.both === true;
    },

    /** The member's threads, newest first: the last message of each (other member, post) pair and its unread count. */
    async threads(userId: string, limit: number): Promise<Array<MessageRow & { otherUserId: string; unread: number }>> {
      const lasts = await db.execute<{ id: string; other: string; unread: number }>(sql`
        SELECT DISTINCT ON (other, post_id) id, other,
          (count(*) FILTER (WHERE to_user_id = ${userId} AND read_at IS NULL) OVER (PARTITION BY other, post_id))::int AS unread
        FROM (
          SELECT m.*, CASE WHEN m.from_user_id = ${userId} THEN m.to_user_id ELSE m.from_user_id END AS other
          FROM ${messages} m WHERE m.from_user_id = ${userId} OR m.to_user_id = ${userId}
        ) AS t
        ORDER BY other, post_id, created_at DESC, id DESC`);
      const byId = new Map(lasts.rows.map((r) => [r.id, r]));
      if (byId.size === 0) return [];
      const rows = await select()
        .where(inArray(messages.id, [...byId.keys()]))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, otherUserId: byId.get(r.id)!.other, unread: byId.get(r.id)!.unread }));
    },

    /** A thread's messages, newest first, after the cursor. */
    async thread(a: string, b: string, postId: string | null, limit: number, after: Keyset | null): Promise<MessageRow[]> {
      return select()
        .where(and(inThread(a, b, postId), olderThan(messages.createdAt, messages.id, after)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
    },

    /** Where a new message to the member is mailed: their email, unless they turned such mail off (0137). */
    async mailTo(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, userId), eq(users.mailMessages, true))).limit(1);
      return row?.email;
    },

    /**
     * Whether `id` is the only message of its sender the recipient has not read in the thread: a
     * mail is sent for the first of a run, not for each (docs/decisions/0137). In the message's
     * transaction, so two sent at once each see only themselves: at worst both are mailed.
     */
    async firstUnread(tx: Pick<Db, 'select'>, row: { id: string; fromUserId: string; toUserId: string; postId: string | null }): Promise<boolean> {
      const [earlier] = await tx
        .select({ one: sql`1` })
        .from(messages)
        .where(
          and(
            eq(messages.fromUserId, row.fromUserId),
            eq(messages.toUserId, row.toUserId),
            row.postId ? eq(messages.postId, row.postId) : isNull(messages.postId),
            isNull(messages.readAt),
            ne(messages.id, row.id),
          ),
        )
        .limit(1);
      return earlier === undefined;
    },

    /** Marks the messages `other` sent `userId` in the thread read. */
    async markRead(userId: string, other: string, postId: string | null): Promise<void> {
      await db
        .update(messages)
        .set({ readAt: sql`now()` })
        .where(and(eq(messages.toUserId, userId), eq(messages.fromUserId, other), postId ? eq(messages.postId, postId) : isNull(messages.postId), isNull(messages.readAt)));
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
