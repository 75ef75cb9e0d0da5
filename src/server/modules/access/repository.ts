import { eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { grants } from '../../db/schema/index';
import type { Grant, GrantKind } from '../../../domain/access';

export type Executor = Pick<Db, 'insert' | 'select'>;

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

    async add(
      values: { userId?: string; sessionId?: string; kind: GrantKind; startsAt: Date; endsAt: Date | null; source: string },
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(grants).values(values);
    },
  };
}

export type GrantsRepository = ReturnType<typeof createGrantsRepository>;
