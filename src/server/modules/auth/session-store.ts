import { and, eq, gt, sql } from 'drizzle-orm';
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { grants, sessions } from '../../db/schema/index';

/** Idle and absolute lifetimes (docs/decisions/004-sessions.md). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface StoredSession {
  id: string;
  userId: string | null;
  lastSeenAt: Date;
}

export function createSessionStore(db: Db, secret: string) {
  const idOf = (token: string) => createHmac('sha256', secret).update(token).digest('base64url');

  return {
    /** A new random token (256 bits); only its HMAC is stored. */
    async create(userId: string | null, now = new Date()): Promise<{ token: string; id: string }> {
      const token = randomBytes(32).toString('base64url');
      const id = idOf(token);
      await db.insert(sessions).values({
        id,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      });
      return { token, id };
    },

    async find(token: string, now = new Date()): Promise<StoredSession | null> {
      const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(and(eq(sessions.id, idOf(token)), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
        .limit(1);
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
      }
      return row;
    },

    /** Moves what a guest session earned (DECISIONS 5) to the account, then ends that session. */
    async adoptAndDelete(oldId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(grants).set({ userId, sessionId: null }).where(eq(grants.sessionId, oldId));
        await tx.delete(sessions).where(eq(sessions.id, oldId));
      });
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async sweepExpired(now = new Date()): Promise<void> {
      const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
      await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now} OR ${sessions.lastSeenAt} < ${idleCutoff}`);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
