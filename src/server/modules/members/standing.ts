import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { VerifiedType } from '../../../domain/auth';
import { isSuspended, recordedSuspension, type Suspension } from '../../../domain/suspension';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';

/** A member as moderation sees them (issue 19): how old the account is, whether an admin, whether suspended. */
export interface MemberStanding {
  id: string;
  username: string;
  createdAt: Date;
  isAdmin: boolean;
  /** Their suspension while it holds at the time asked; null otherwise. */
  suspension: Suspension | null;
  verifiedType: VerifiedType | null;
}

/** A member's badge or suspension before and after an admin changed it, for the audit log. */
export interface Change<T> {
  username: string;
  before: T;
  after: T;
}

export interface Badge {
  verifiedType: VerifiedType | null;
}

export interface SuspensionState {
  suspendedUntil: string | null;
  reason: string | null;
  suspended: boolean;
}

const suspensionColumns = { at: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason };
const suspensionState = (row: { at: Date | null; until: Date | null; reason: string | null }): SuspensionState => ({
  suspended: row.at !== null,
  suspendedUntil: row.until?.toISOString() ?? null,
  reason: row.reason,
});

/**
 * The users table as moderation changes it (issue 19): badges (DECISIONS 16) and suspensions. The
 * writes take the admin's transaction; the caller publishes once it is committed.
 */
export function createStandingRepository(db: Db) {
  return {
    async standings(ids: readonly string[], now = new Date()): Promise<MemberStanding[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          createdAt: users.createdAt,
          isAdmin: users.isAdmin,
          verifiedType: users.verifiedType,
          isVerified: users.isVerified,
          ...suspensionColumns,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return rows.map((r) => {
        const suspension = recordedSuspension(r.at, r.until, r.reason);
        return {
          id: r.id,
          username: r.username,
          createdAt: r.createdAt,
          isAdmin: r.isAdmin,
          suspension: isSuspended(suspension, now) ? suspension : null,
          verifiedType: r.isVerified ? r.verifiedType : null,
        };
      });
    },

    /** Gives (a type) or takes back (null) a member's badge; undefined when there is no such member. */
    async setBadge(tx: Tx, userId: string, type: VerifiedType | null): Promise<Change<Badge> | undefined> {
      const [before] = await tx
        .select({ username: users.username, isVerified: users.isVerified, verifiedType: users.verifiedType })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) return undefined;
      await tx
        .update(users)
        .set({ isVerified: type !== null, verifiedType: type, verifiedAt: type === null ? null : sql`now()` })
        .where(eq(users.id, userId));
      return { username: before.username, before: { verifiedType: before.isVerified ? before.verifiedType : null }, after: { verifiedType: type } };
    },

    /** Suspends (until a time, or null: until lifted) or, with null, lifts; undefined when there is no such member. */
    async setSuspension(tx: Tx, userId: string, next: Suspension | null): Promise<Change<SuspensionState> | undefined> {
      const [before] = await tx.select({ username: users.username, ...suspensionColumns }).from(users).where(eq(users.id, userId)).for('update');
      if (!before) return undefined;
      const [after] = await tx
        .update(users)
        .set(next ? { suspendedAt: sql`now()`, suspendedUntil: next.until, suspensionReason: next.reason } : { suspendedAt: null, suspendedUntil: null, suspensionReason: null })
        .where(eq(users.id, userId))
        .returning(suspensionColumns);
      return { username: before.username, before: suspensionState(before), after: suspensionState(after!) };
    },

    /**
     * In an admin's transaction: whether the member is an admin, and their suspension as recorded
     * (its end passed or not), the member held (FOR UPDATE) until the transaction ends: a promotion
     * or a suspension under way is waited for and judged as it then stands
     * (docs/decisions/0117); undefined when there is no such member.
     */
    async heldStanding(tx: Tx, userId: string): Promise<{ isAdmin: boolean; suspension: Suspension | null } | undefined> {
      const [row] = await tx.select({ isAdmin: users.isAdmin, ...suspensionColumns }).from(users).where(eq(users.id, userId)).for('update');
      if (!row) return undefined;
      return { isAdmin: row.isAdmin, suspension: recordedSuspension(row.at, row.until, row.reason) };
    },

    /** Members whose suspension has ended by itself (its end has passed) but is still recorded. */
    async endedSuspensions(now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(isNotNull(users.suspendedAt), isNotNull(users.suspendedUntil), lte(users.suspendedUntil, now)))
        .limit(100);
      return rows.map((r) => r.id);
    },
  };
}

export type StandingRepository = ReturnType<typeof createStandingRepository>;
