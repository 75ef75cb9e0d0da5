import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CaseFilter } from '../../../domain/admin';
import { REPORT_WEIGHTS, type ReportDecision, type ReportStatus } from '../../../domain/moderation-values';
import type { ReportReason } from '../../../domain/reports';
import type { Db, Tx } from '../../db/client';
import { reports } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/pg-errors';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = Pick<ReportRow, 'postId' | 'reporterId' | 'reporterKey' | 'reason' | 'description' | 'weight' | 'fromNewAccount'> & {
  reason: ReportReason;
};

/** A case's place in its list: the time it sorts by, as PostgreSQL prints it, and its post. */
export interface CaseKey {
  postId: string;
  key: string;
}

const pending = sql`${reports.status} = 'pending'`;
const lastDecision = sql`(array_agg(${reports.status} ORDER BY ${reports.reviewedAt} DESC NULLS LAST))[1]`;
const decidedAs = (status: ReportDecision) => sql`NOT bool_or(${pending}) AND ${lastDecision} = ${status}`;

export function createReportsRepository(db: Db) {
  return {
    /** A new report; null when this reporter has reported the post already (one per reporter and post). */
    async insert(values: NewReport): Promise<string | null> {
      try {
        const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
        return row!.id;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    async findByKey(postId: string, reporterKey: string): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(and(eq(reports.postId, postId), eq(reports.reporterKey, reporterKey)));
      return row;
    },

    async findById(id: string): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },

    /** The post's open reports, oldest first. */
    async open(postId: string): Promise<ReportRow[]> {
      return db.select().from(reports).where(and(eq(reports.postId, postId), pending)).orderBy(asc(reports.createdAt));
    },

    /** How a reporter's recent decided reports went: upheld (resolved) and dismissed, among their last ones. */
    async record(reporterId: string): Promise<{ upheld: number; dismissed: number }> {
      const recent = db
        .select({ status: reports.status })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), inArray(reports.status, ['resolved', 'dismissed'])))
        .orderBy(desc(reports.reviewedAt))
        .limit(REPORT_WEIGHTS.recordOf)
        .as('recent');
      const [row] = await db
        .select({
          upheld: sql<number>`count(*) FILTER (WHERE ${recent.status} = 'resolved')::int`,
          dismissed: sql<number>`count(*) FILTER (WHERE ${recent.status} = 'dismissed')::int`,
        })
        .from(recent);
      return row ?? { upheld: 0, dismissed: 0 };
    },

    /** Reports newest first (spec §7 GET /api/admin/reports), of one status or all. */
    async list(status: ReportStatus | undefined, limit: number): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(status ? eq(reports.status, status) : undefined)
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },

    /** The reports of these posts, oldest first. */
    async ofPosts(postIds: readonly string[]): Promise<ReportRow[]> {
      if (postIds.length === 0) return [];
      return db.select().from(reports).where(inArray(reports.postId, [...postIds])).orderBy(asc(reports.createdAt), asc(reports.id));
    },

    /**
     * A page of cases (one per post): open ones by their oldest open report, oldest first; decided
     * ones (or all) by their latest decision or report, newest first. After `after`, `limit` of them.
     */
    async cases(filter: CaseFilter, after: { createdAt: string; id: string } | null, limit: number): Promise<CaseKey[]> {
      const openFirst = filter === 'pending';
      const at = openFirst ? sql`min(${reports.createdAt})` : sql`max(coalesce(${reports.reviewedAt}, ${reports.createdAt}))`;
      const having: SQL[] = filter === 'resolved' || filter === 'dismissed' ? [decidedAs(filter)] : [];
      if (after) {
        const cursor = sql`(${after.createdAt}::timestamptz, ${after.id}::uuid)`;
        having.push(openFirst ? sql`(${at}, ${reports.postId}) > ${cursor}` : sql`(${at}, ${reports.postId}) < ${cursor}`);
      }
      return db
        .select({ postId: reports.postId, key: sql<string>`${at}::text` })
        .from(reports)
        .where(openFirst ? pending : undefined)
        .groupBy(reports.postId)
        .having(having.length ? and(...having) : undefined)
        .orderBy(...(openFirst ? [asc(at), asc(reports.postId)] : [desc(at), desc(reports.postId)]))
        .limit(limit);
    },

    /** In an admin's transaction: decides every open report of the post; the reports it decided. */
    async close(tx: Tx, postId: string, decision: { status: ReportDecision; reviewNotes: string | null; reviewedBy: string }): Promise<ReportRow[]> {
      return tx
        .update(reports)
        .set({ ...decision, reviewedAt: sql`now()` })
        .where(and(eq(reports.postId, postId), pending))
        .returning();
    },

    /** Spec §3 Admin stats, and the posts with open reports. */
    async stats(): Promise<{ pending: number; total: number; pendingCases: number }> {
      const [row] = await db
        .select({
          total: count(),
          pending: sql<number>`count(*) FILTER (WHERE ${pending})::int`,
          pendingCases: sql<number>`count(DISTINCT ${reports.postId}) FILTER (WHERE ${pending})::int`,
        })
        .from(reports);
      return row ?? { pending: 0, total: 0, pendingCases: 0 };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
