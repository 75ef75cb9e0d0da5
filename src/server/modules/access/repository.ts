import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { grants, sessions } from '../../db/schema/index';
import type { Grant, GrantKind } from '../../../domain/access';

export type Executor = Pick<Db, 'insert' | 'select' | 'update'>;

/** Who holds a grant: a member, or a guest's session until it signs in (DECISIONS 5). */
export type Holder = { userId: string; sessionId?: undefined } | { sessionId: string; userId?: undefined };

export interface NewGrant {
  kind: GrantKind;
  startsAt: Date;
  endsAt: Date | null;
  source: string;
  amountCents?: number;
}

const heldBy = (holder: Holder): SQL => (holder.userId ? eq(grants.userId, holder.userId) : eq(grants.sessionId, holder.sessionId!));
const notEnded = (now: Date) => or(isNull(grants.endsAt), gt(grants.endsAt, now))!;

export function createGrantsRepository(db: Db) {
  return {
    /** Grants held by the user, or by the guest session when there is no user. */
    async list(holder: { userId: string | null; sessionId: string | null }): Promise<Grant[]> {
      const conditions: SQL[] = [];
      if (holder.userId) conditions.push(eq(grants.userId, holder.userId));
      if (holder.sessionId) conditions.push(eq(grants.sessionId, holder.sessionId));
      if (conditions.length === 0) return [];
      return db
        .select({ kind: grants.kind, startsAt: grants.startsAt, endsAt: grants.endsAt })
        .from(grants)
        .where(or(...conditions));
    },

    async add(holder: Holder, values: NewGrant, tx: Executor = db): Promise<void> {
      await tx.insert(grants).values({ ...values, userId: holder.userId ?? null, sessionId: holder.sessionId ?? null });
    },

    /**
     * Holds the holder's grants for the rest of `tx` (a transaction-level advisory lock on the
     * holder), so two passes settled at once read each other's end instead of the same one. A
     * guest's session is held too, as a grant naming it would: false when a sign-in has moved it
     * to the account meanwhile (nothing can be given to it any more).
     */
    async lockHolder(holder: Holder, tx: Tx): Promise<boolean> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`grants:${holder.userId ?? holder.sessionId}`}))`);
      if (!holder.sessionId) return true;
      const held = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, holder.sessionId)).for('key share');
      return held.length > 0;
    },

    /** The latest end of the holder's `kinds` that have not ended (null when none, or one never ends: then `never`). */
    async latestEnd(holder: Holder, kinds: readonly GrantKind[], now: Date, tx: Executor = db): Promise<Date | 'never' | null> {
      const rows = await tx
        .select({ endsAt: grants.endsAt })
        .from(grants)
        .where(and(heldBy(holder), inArray(grants.kind, [...kinds]), notEnded(now)));
      if (rows.some((r) => r.endsAt === null)) return 'never';
      return rows.reduce<Date | null>((max, r) => (max === null || r.endsAt! > max ? r.endsAt : max), null);
    },

    /** Whether the holder holds a grant of one of `kinds` that has not ended. */
    async holds(holder: Holder, kinds: readonly GrantKind[], now: Date, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: grants.id })
        .from(grants)
        .where(and(heldBy(holder), inArray(grants.kind, [...kinds]), notEnded(now)))
        .limit(1);
      return row !== undefined;
    },

    /** When the holder last got a grant of `kind` from `source` (null when never). */
    async lastGiven(holder: Holder, kind: GrantKind, tx: Executor = db): Promise<Date | null> {
      const [row] = await tx
        .select({ at: sql<Date>`max(${grants.createdAt})`.mapWith(grants.createdAt) })
        .from(grants)
        .where(and(heldBy(holder), eq(grants.kind, kind)));
      return row?.at ?? null;
    },

    /**
     * Unspent credits, oldest first, locked until the transaction ends. A credit never ends until
     * it is spent (`end`), so unspent is `ends_at IS NULL`: a transaction that waited for the lock
     * then sees the credit spent, whatever the clocks of the two instances say.
     */
    async credits(holder: Holder, tx: Tx): Promise<Array<{ id: string; amountCents: number }>> {
      const rows = await tx
        .select({ id: grants.id, amountCents: grants.amountCents })
        .from(grants)
        .where(and(heldBy(holder), eq(grants.kind, 'credit'), isNull(grants.endsAt)))
        .orderBy(asc(grants.createdAt))
        .for('update');
      return rows.map((r) => ({ id: r.id, amountCents: r.amountCents ?? 0 }));
    },

    /** The holder's unspent credit, in cents. */
    async creditCents(holder: Holder): Promise<number> {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${grants.amountCents}), 0)::int` })
        .from(grants)
        .where(and(heldBy(holder), eq(grants.kind, 'credit'), isNull(grants.endsAt)));
      return row?.cents ?? 0;
    },

    /** Ends grants (a credit spent). */
    async end(ids: readonly string[], at: Date, tx: Tx): Promise<void> {
      if (ids.length) await tx.update(grants).set({ endsAt: at }).where(inArray(grants.id, [...ids]));
    },
  };
}

export type GrantsRepository = ReturnType<typeof createGrantsRepository>;
