import { eq, sql } from 'drizzle-orm';
import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { MEMBER_NETWORK_KEPT_MS } from '../../../domain/limits';
import type { Db, Tx } from '../../db/client';
import { grants, memberNetworks, sessions } from '../../db/schema/index';
import { rememberNetwork } from './member-networks';

/** Idle and absolute lifetimes (docs/decisions/0002-sessions.md). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
export const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** The stored id of a session: the HMAC of its cookie token (the token itself is never stored). */
export const sessionIdOf = (secret: string, token: string) => createHmac('sha256', secret).update(token).digest('base64url');

/**
 * Moves what a module keeps for a guest session to the member it becomes (DECISIONS 5, 25), in
 * the sign-in's transaction; what it answers runs once that is committed (events to publish).
 */
export type GuestAdopter = (tx: Tx, sessionId: string, userId: string) => Promise<(() => Promise<void>) | void>;

/** Session writes. Reading the caller behind a cookie is modules/auth/sessions.ts. */
export function createSessionStore(db: Db, pool: Pick<pg.Pool, 'query'>, secret: string) {
  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, id: sessionIdOf(secret, token) };
  };
  const expiryFrom = (now: Date) => new Date(now.getTime() + SESSION_ABSOLUTE_MS);

  return {
    /** A guest's session: a new random token (256 bits), of which only the HMAC is stored. */
    async createGuest(address: string, now = new Date()): Promise<{ token: string; id: string }> {
      const { token, id } = newToken();
      await db.insert(sessions).values({ id, userId: null, address, createdAt: now, lastSeenAt: now, expiresAt: expiryFrom(now) });
      return { token, id };
    },

    /**
     * A member's session, made only while `passwordHash`, the hash their sign-in was checked
     * against, is still theirs: the member's row is shared-locked for the insert, so a password
     * change either waits for it and then ends the new session with the others, or comes first
     * and this one is refused (null). Without that, a sign-in checked against the old password
     * could land after the change and outlive it.
     */
    async createMember(member: { id: string; passwordHash: string }, address: string, now = new Date()): Promise<{ token: string; id: string } | null> {
      const { token, id } = newToken();
      const { rowCount } = await pool.query({
        name: 'session_create_member',
        text: `INSERT INTO sessions (id, user_id, address, created_at, last_seen_at, expires_at)
               SELECT $1, u.id, $3, $4, $4, $5 FROM (SELECT id FROM users WHERE id = $2 AND password_hash = $6 FOR SHARE) u`,
        values: [id, member.id, address, now, expiryFrom(now), member.passwordHash],
      });
      if (rowCount === 0) return null;
      await rememberNetwork(pool, member.id, address, now);
      return { token, id };
    },

    /**
     * Moves what a guest session earned (DECISIONS 5) to the account, its grants here and the
     * rest through each module's adopter, then ends that session; all in one transaction.
     */
    async adoptAndDelete(oldId: string, userId: string, adopters: readonly GuestAdopter[] = []): Promise<{ movedGrants: number }> {
      const { moved, after } = await db.transaction(async (tx) => {
        // The session is held first: a payment, grant or post being written for it (each names it)
        // is waited for and moved with the rest, and none can name it after. A settlement holds it
        // before its payment too (payments/settle.ts), so neither waits on the other in a circle.
        await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, oldId)).for('update');
        const moved = await tx.update(grants).set({ userId, sessionId: null }).where(eq(grants.sessionId, oldId)).returning({ id: grants.id });
        const after: Array<() => Promise<void>> = [];
        for (const adopt of adopters) {
          const then = await adopt(tx, oldId, userId);
          if (then) after.push(then);
        }
        await tx.delete(sessions).where(eq(sessions.id, oldId));
        return { moved, after };
      });
      for (const then of after) await then();
      return { movedGrants: moved.length };
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async sweepExpired(now = new Date()): Promise<void> {
      const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
      await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now} OR ${sessions.lastSeenAt} < ${idleCutoff}`);
      await db.delete(memberNetworks).where(sql`${memberNetworks.lastSeenAt} < ${new Date(now.getTime() - MEMBER_NETWORK_KEPT_MS)}`);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
