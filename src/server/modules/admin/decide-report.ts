import type { Actor } from '../../../domain/actor';
import type { AdminReport, DecideReportInput } from '../../../domain/admin';
import type { CaseAction } from '../../../domain/moderation-values';
import { badRequest, conflict, notFound } from '../../errors';
import type { ModeratedPost } from '../posts/service';
import { REPORTS_MESSAGES, toAdminReport, type ReportRow } from '../reports/service';
import type { AuditLine } from './audit-repository';
import { committed, type Announce } from '../../db/committed';
import type { Tx } from '../../db/client';
import { adminOf, type AdminContext } from './context';

export const DECISION_MESSAGES = {
  mismatch: 'Dismissing keeps the post and resolving removes it: choose keep with dismissed, remove with resolved.',
  decided: 'This case was already decided.',
  listed: 'This post is listed already.',
} as const;

/** What the decision asks of the post: listed (keep, restore) or removed. */
function targetOf(input: DecideReportInput): { action: CaseAction; target: 'listed' | 'removed' } {
  const action = input.action ?? (input.status === 'dismissed' ? 'keep' : 'remove');
  if ((action === 'keep' && input.status !== 'dismissed') || (action === 'remove' && input.status !== 'resolved')) {
    throw badRequest(DECISION_MESSAGES.mismatch);
  }
  return { action, target: action === 'remove' ? 'removed' : 'listed' };
}

/** The log's lines for a decision: the reports it closed, and the post's move if it moved. */
function auditLines(admin: { id: string; name: string }, post: ModeratedPost, closed: ReportRow[], moved: 'listed' | 'removed' | null, input: DecideReportInput): AuditLine[] {
  const about = { adminId: admin.id, adminName: admin.name, targetType: 'post' as const, targetId: post.id, targetName: post.title, subjectUserId: post.userId, notes: input.reviewNotes };
  const lines: AuditLine[] = [];
  if (closed.length > 0) {
    lines.push({ ...about, action: 'report_decided', changes: { before: { status: 'pending', reports: closed.length }, after: { status: input.status } } });
  }
  if (moved) {
    lines.push({ ...about, action: moved === 'removed' ? 'post_removed' : 'post_restored', changes: { before: { state: post.state }, after: { state: moved } } });
  }
  return lines;
}

/** In the decision's transaction: the owner hears that their post was removed or is back; each signed-in reporter once, how their report ended. */
async function tell(ctx: AdminContext, tx: Tx, announce: Announce, post: ModeratedPost, closed: ReportRow[], moved: 'listed' | 'removed' | null, notes: string | null, target: 'listed' | 'removed') {
  const ref = { postId: post.id, postTitle: post.title };
  if (post.userId && moved === 'removed') announce(await ctx.notifications.notifyIn(tx, post.userId, 'post_removed', { ...ref, reviewNotes: notes }));
  if (post.userId && moved === 'listed') announce(await ctx.notifications.notifyIn(tx, post.userId, 'post_restored', ref));
  const reporters = new Set(closed.flatMap((r) => (r.reporterId && r.reporterId !== post.userId ? [r.reporterId] : [])));
  for (const reporter of reporters) announce(await ctx.notifications.notifyIn(tx, reporter, 'report_decided', { ...ref, outcome: target === 'removed' ? 'removed' : 'kept' }));
}

/**
 * PATCH /api/admin/reports/:id (spec §7, issue 19): one decision closes every open report of the
 * post and keeps, removes or restores it, in one transaction with its lines in the audit log. The
 * post is held while it is decided, so two admins deciding it at once decide it once: the second
 * sees it decided (409), and its owner and reporters are told once.
 */
export async function decideReport(ctx: AdminContext, actor: Actor, id: string, input: DecideReportInput): Promise<AdminReport> {
  const admin = adminOf(actor);
  const report = await ctx.reports.byId(actor, id);
  const { action, target } = targetOf(input);
  await committed(ctx.db, async (tx, announce) => {
    const post = await ctx.posts.heldForModeration(tx, report.postId);
    if (!post) throw notFound(REPORTS_MESSAGES.notFound);
    if (action === 'restore' && post.state === 'listed') throw conflict(DECISION_MESSAGES.listed);
    const moved = post.state === target ? null : target;
    const closed = await ctx.reports.close(tx, post.id, { status: input.status, reviewNotes: input.reviewNotes, reviewedBy: admin.id });
    if (closed.length === 0 && !moved) throw conflict(DECISION_MESSAGES.decided);
    if (moved) announce(await ctx.posts.setState(tx, post.id, moved));
    await ctx.audit.append(tx, auditLines(admin, post, closed, moved, input));
    await tell(ctx, tx, announce, post, closed, moved, input.reviewNotes, target);
  });
  return toAdminReport(await ctx.reports.byId(actor, id));
}
