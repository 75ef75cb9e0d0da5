import type { Actor } from '../../../domain/actor';
import type { CaseOwner, CasesPage, CasesQuery, ReportCase } from '../../../domain/admin';
import { caseStanding } from '../../../domain/moderation-values';
import type { MemberStanding } from '../members/service';
import type { ModeratedPost } from '../posts/service';
import { fromClosedAccount, toAdminReport, type ReportRow } from '../reports/service';
import type { Removals } from './audit-repository';
import type { AdminContext } from './context';

const iso = (d: Date) => d.toISOString();
const unique = (ids: Array<string | null>) => [...new Set(ids.filter((id): id is string => id !== null))];

function ownerOf(member: MemberStanding | undefined, removals: Removals | undefined): CaseOwner | null {
  if (!member) return null;
  return {
    id: member.id,
    username: member.username,
    memberSince: iso(member.createdAt),
    isAdmin: member.isAdmin,
    suspension: member.suspension ? { until: member.suspension.until?.toISOString() ?? null, reason: member.suspension.reason } : null,
    removedPosts: removals?.count ?? 0,
    recentRemovals: (removals?.recent ?? []).map((r) => ({ ...r, at: iso(r.at) })),
  };
}

function caseOf(post: ModeratedPost, reports: ReportRow[], people: Map<string, MemberStanding>, removals: Map<string, Removals>): ReportCase {
  const open = reports.filter((r) => r.status === 'pending');
  const standing = caseStanding(open);
  return {
    postId: post.id,
    post: {
      id: post.id,
      type: post.type,
      title: post.title,
      description: post.description,
      address: post.address,
      thumbnailUrl: post.thumbnailUrl,
      ownerName: post.ownerName,
      createdAt: iso(post.createdAt),
      state: post.state,
      ownerSuspended: post.ownerSuspended,
    },
    owner: post.userId ? ownerOf(people.get(post.userId), removals.get(post.userId)) : null,
    reports: reports.map((r) => ({
      ...toAdminReport(r),
      reporterName: r.reporterId ? (people.get(r.reporterId)?.username ?? null) : null,
      reporterClosed: fromClosedAccount(r),
      weight: r.weight,
      fromNewAccount: r.fromNewAccount,
      reviewedAt: r.reviewedAt ? iso(r.reviewedAt) : null,
    })),
    pending: open.length > 0,
    ...standing,
  };
}

/**
 * GET /api/admin/report-cases (issue 19): one case per post, the post shown while hidden or removed
 * too, its owner with their record of removed posts, each report with its reporter and weight,
 * and where the open reports stand ('possible brigade').
 */
export async function casesPage(ctx: AdminContext, actor: Actor, query: CasesQuery): Promise<CasesPage> {
  const page = await ctx.reports.cases(actor, query);
  const posts = new Map((await ctx.posts.forModeration(page.items.map((i) => i.postId))).map((p) => [p.id, p]));
  const owners = unique([...posts.values()].map((p) => p.userId));
  const reporters = unique(page.items.flatMap((i) => i.reports.map((r) => r.reporterId)));
  const [people, removals] = await Promise.all([ctx.members.standings(unique([...owners, ...reporters])), ctx.audit.removalsOf(owners)]);
  const byId = new Map(people.map((m) => [m.id, m]));
  return {
    items: page.items.flatMap((i) => {
      const post = posts.get(i.postId);
      return post ? [caseOf(post, i.reports, byId, removals)] : [];
    }),
    nextCursor: page.nextCursor,
  };
}
