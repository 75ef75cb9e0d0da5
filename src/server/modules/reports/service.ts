import type { Actor } from '../../../domain/actor';
import type { AdminReport, CaseFilter } from '../../../domain/admin';
import { isUuid } from '../../../domain/ids';
import { hidesPost, isNewAccount, reportWeight, REPORT_WEIGHTS, type ReportDecision, type ReportStatus } from '../../../domain/moderation-values';
import { actsAsSelf, canModerate, canReport } from '../../../domain/policy';
import type { MyReport, ReportAnswer, ReportInput } from '../../../domain/reports';
import type { Db, Tx } from '../../db/client';
import { assertAllowed, notFound } from '../../errors';
import { decodeKeyset, keysetPage } from '../../lib/keyset';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { MembersService } from '../members/service';
import type { NotificationsService } from '../notifications/service';
import { POST_MESSAGES, type PostsService } from '../posts/service';
import { createReportsRepository, type ReportRow } from './repository';

export type { ReportRow };

/** Reports a guest's address may file in an hour (they carry no weight, but an admin reads them). */
export const REPORT_RATE: RateRule = { what: 'reports from this address', limit: 10, windowMs: 60 * 60_000 };
/** Reports a member may file in a day (issue 19). */
export const MEMBER_REPORT_RATE: RateRule = { what: 'reports today', limit: REPORT_WEIGHTS.perDay, windowMs: 24 * 60 * 60_000 };

export const REPORTS_MESSAGES = { notFound: 'Report not found.' } as const;

/** The key of a member's reports (`u:<id>`), which stays when their account is closed. */
const MEMBER_KEY = 'u:';

/** Who a report is from, once per post: the member, else the guest's session, else the address. */
const reporterKeyOf = (actor: Actor): string =>
  actor.userId ? `${MEMBER_KEY}${actor.userId}` : actor.sessionId ? `s:${actor.sessionId}` : `a:${actor.address}`;

/** Whether a member filed the report and has closed their account since (its reporter is gone, its weight stays). */
export const fromClosedAccount = (r: ReportRow): boolean => r.reporterId === null && r.reporterKey.startsWith(MEMBER_KEY);

/** A report as spec §3 has it. */
export const toAdminReport = (r: ReportRow): AdminReport => ({
  id: r.id,
  postId: r.postId,
  reporterId: r.reporterId,
  reason: r.reason,
  description: r.description,
  status: r.status,
  reviewNotes: r.reviewNotes,
  createdAt: r.createdAt.toISOString(),
});

export interface ReportsServiceDeps {
  db: Db;
  limiter: RateLimiter;
  posts: PostsService;
  members: MembersService;
  notifications: NotificationsService;
}

/**
 * Reports (spec §2 dialog 8, DECISIONS 23, issue 19): anyone reports, a guest anonymously; one
 * report per reporter and post. Each weighs what its reporter's standing gives it (weights in
 * domain/moderation-values.ts, docs/decisions/0084); open reports hide a post when they weigh
 * enough, from enough members, and are not a possible brigade. Admins read and decide them as
 * cases, one per post (the admin module).
 */
export function createReportsService(deps: ReportsServiceDeps) {
  const repo = createReportsRepository(deps.db);

  /** The weight of a member's report now: their account's age and their record. */
  async function weighOf(userId: string, now: Date): Promise<{ weight: number; fromNewAccount: boolean }> {
    const [[member], record] = await Promise.all([deps.members.standings([userId], now), repo.record(userId)]);
    const accountAgeMs = member ? now.getTime() - member.createdAt.getTime() : 0;
    return { weight: reportWeight({ member: true, accountAgeMs, ...record }), fromNewAccount: isNewAccount(accountAgeMs) };
  }

  /** Hides the post when its open reports say so (never an admin's post), and tells its owner. */
  async function hideIfWeighty(postId: string, ownerId: string | null): Promise<void> {
    const open = await repo.open(postId);
    const [owner] = ownerId ? await deps.members.standings([ownerId]) : [];
    if (!hidesPost(open, owner?.isAdmin ?? false)) return;
    const hidden = await deps.posts.hideByReports(postId);
    if (hidden?.userId) await deps.notifications.notify(hidden.userId, 'post_hidden', { postId: hidden.id, postTitle: hidden.title });
  }

  return {
    /** POST /api/posts/report: a second report of the same post by the same reporter changes nothing. */
    async report(actor: Actor, input: ReportInput, now = new Date()): Promise<ReportAnswer> {
      assertAllowed(canReport(actor, now));
      assertAllowed(actsAsSelf(actor, input.reporterId));
      const post = await deps.posts.visible(actor, input.postId);
      const reporterKey = reporterKeyOf(actor);
      const answer = (r: ReportRow, alreadyReported: boolean) => ({ id: r.id, postId: r.postId, status: r.status, alreadyReported });
      const earlier = await repo.findByKey(post.row.id, reporterKey);
      if (earlier) return answer(earlier, true);
      if (actor.userId) await deps.limiter.hit(`reports:member:${actor.userId}`, MEMBER_REPORT_RATE);
      else await deps.limiter.hit(`reports:${actor.address}`, REPORT_RATE);
      const weighed = actor.userId ? await weighOf(actor.userId, now) : { weight: 0, fromNewAccount: false };
      const values = { postId: post.row.id, reporterId: actor.userId, reporterKey, reason: input.reason, description: input.description, ...weighed };
      const id = await repo.insert(values).catch((err: unknown) => {
        // The post was deleted meanwhile.
        throw isForeignKeyViolation(err) ? notFound(POST_MESSAGES.notFound) : err;
      });
      // Two reports at once from one reporter: the other was first.
      if (!id) return answer((await repo.findByKey(post.row.id, reporterKey))!, true);
      if (actor.userId) await hideIfWeighty(post.row.id, post.row.userId);
      return { id, postId: post.row.id, status: 'pending', alreadyReported: false };
    },

    /**
     * GET /api/posts/:id/report: whether the asker reported the post (anyone may ask of themself;
     * 404 as for a report of it). A guest without a session is known only by an address others may
     * share (a household, a café): they are not told what someone there did (0148).
     */
    async mine(actor: Actor, postId: string): Promise<MyReport> {
      const post = await deps.posts.visible(actor, postId);
      if (!actor.userId && !actor.sessionId) return { reported: false, at: null };
      const earlier = await repo.findByKey(post.row.id, reporterKeyOf(actor));
      return { reported: earlier !== undefined, at: earlier?.createdAt.toISOString() ?? null };
    },

    /** Spec §3 Admin stats for reports, and the cases open. */
    async stats(actor: Actor) {
      assertAllowed(canModerate(actor));
      return repo.stats();
    },

    /** GET /api/admin/reports (spec §7): reports newest first. */
    async list(actor: Actor, query: { status?: ReportStatus; limit: number }): Promise<AdminReport[]> {
      assertAllowed(canModerate(actor));
      return (await repo.list(query.status, query.limit)).map(toAdminReport);
    },

    /** A page of cases: each post's reports, oldest first. */
    async cases(actor: Actor, query: { status: CaseFilter; cursor?: string; limit: number }) {
      assertAllowed(canModerate(actor));
      const keys = await repo.cases(query.status, decodeKeyset(query.cursor), query.limit + 1);
      const { shown, nextCursor } = keysetPage(keys, query.limit, (k) => [k.key, k.postId]);
      const rows = await repo.ofPosts(shown.map((k) => k.postId));
      return { items: shown.map((k) => ({ postId: k.postId, reports: rows.filter((r) => r.postId === k.postId) })), nextCursor };
    },

    async byId(actor: Actor, id: string): Promise<ReportRow> {
      assertAllowed(canModerate(actor));
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound(REPORTS_MESSAGES.notFound);
      return row;
    },

    /** The post's open reports. */
    open: (postId: string) => repo.open(postId),

    /** In an admin's transaction: one decision closes every open report of the post (issue 19). */
    close: (tx: Tx, postId: string, decision: { status: ReportDecision; reviewNotes: string | null; reviewedBy: string }) =>
      repo.close(tx, postId, decision),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
