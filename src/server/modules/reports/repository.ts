import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ReportReason } from '../../../domain/reports';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/pg-errors';

export function createReportsRepository(db: Db) {
  return {
    /** A new open report; null when this reporter has an open report of the post already. */
    async insert(values: { postId: string; reporterId: string | null; reporterKey: string; reason: ReportReason; description: string | null }): Promise<string | null> {
      try {
        const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
        return row!.id;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** Distinct signed-in members with an open report of the post (DECISIONS 23). */
    async openMemberReporters(postId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(DISTINCT ${reports.reporterId})::int` })
        .from(reports)
        .where(and(eq(reports.postId, postId), eq(reports.status, 'pending'), isNotNull(reports.reporterId)));
      return row?.n ?? 0;
    },
  };
}
