import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { VerificationDecision, VerificationStatus } from '../../../domain/moderation-values';
import type { Db, Tx } from '../../db/client';
import { verificationRequests } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/pg-errors';

export type VerificationRow = typeof verificationRequests.$inferSelect;
type NewRequest = Pick<VerificationRow, 'userId' | 'businessName' | 'verifiedType' | 'businessPhone' | 'businessWebsite'>;

const isPending = sql`${verificationRequests.status} = 'pending'`;

export function createVerificationsRepository(db: Db) {
  return {
    /** A new pending request; null when the member has one pending already. */
    async insert(values: NewRequest): Promise<VerificationRow | null> {
      try {
        const [row] = await db.insert(verificationRequests).values(values).returning();
        return row!;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** A member's requests, newest first. */
    async ofMember(userId: string, limit: number): Promise<VerificationRow[]> {
      return db
        .select()
        .from(verificationRequests)
        .where(eq(verificationRequests.userId, userId))
        .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
        .limit(limit);
    },

    /** Requests for the admin: pending ones oldest first, then the decided newest first. */
    async list(status: VerificationStatus | undefined, limit: number): Promise<VerificationRow[]> {
      return db
        .select()
        .from(verificationRequests)
        .where(status ? eq(verificationRequests.status, status) : undefined)
        .orderBy(
          desc(isPending),
          sql`CASE WHEN ${isPending} THEN ${verificationRequests.createdAt} END ASC`,
          desc(verificationRequests.createdAt),
          asc(verificationRequests.id),
        )
        .limit(limit);
    },

    async findById(id: string): Promise<VerificationRow | undefined> {
      const [row] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
      return row;
    },

    /** In an admin's transaction: decides a pending request; undefined when it is not pending (any more). */
    async decide(tx: Tx, id: string, decision: { status: VerificationDecision; reviewNotes: string | null; reviewedBy: string }) {
      const [row] = await tx
        .update(verificationRequests)
        .set({ ...decision, reviewedAt: sql`now()` })
        .where(and(eq(verificationRequests.id, id), isPending))
        .returning();
      return row;
    },

    async stats(): Promise<{ pending: number; total: number }> {
      const [row] = await db.select({ total: count(), pending: sql<number>`count(*) FILTER (WHERE ${isPending})::int` }).from(verificationRequests);
      return row ?? { pending: 0, total: 0 };
    },
  };
}
