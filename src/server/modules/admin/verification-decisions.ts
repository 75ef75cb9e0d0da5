import type { Actor } from '../../../domain/actor';
import type { AdminVerificationRequest, DecideVerificationInput } from '../../../domain/admin';
import { VERIFIED_BADGES } from '../../../domain/community-values';
import type { VerificationRequest } from '../../../domain/verification';
import { conflict, notFound } from '../../errors';
import { toVerificationRequest, VERIFICATIONS_MESSAGES } from '../verifications/service';
import { committed } from '../../db/committed';
import type { Tx } from '../../db/client';
import type { Badge, Committed, MembersService } from '../members/service';
import { appendAudit } from './audit-repository';
import { adminOf, type AdminContext } from './context';

export const BADGE_MESSAGES = {
  memberNotFound: 'Member not found.',
  noBadge: 'This member has no badge to revoke.',
} as const;

/** GET /api/admin/verification-requests (spec §7): each with the member's name and the badge they hold now. */
export async function listVerifications(ctx: AdminContext, actor: Actor, query: Parameters<AdminContext['verifications']['list']>[1]): Promise<AdminVerificationRequest[]> {
  const rows = await ctx.verifications.list(actor, query);
  const members = new Map((await ctx.members.standings([...new Set(rows.map((r) => r.userId))])).map((m) => [m.id, m]));
  return rows.map((r) => ({ ...toVerificationRequest(r), username: members.get(r.userId)?.username ?? '', currentBadge: members.get(r.userId)?.verifiedType ?? null }));
}

/**
 * PATCH /api/admin/verification-requests/:id (spec §7, DECISIONS 16): approving gives the badge at
 * once (every card of the member and their session); either way the member is told, with the notes.
 */
export async function decideVerification(ctx: AdminContext, actor: Actor, id: string, input: DecideVerificationInput): Promise<VerificationRequest> {
  const admin = adminOf(actor);
  const request = await ctx.verifications.byId(actor, id);
  if (request.status !== 'pending') throw conflict(VERIFICATIONS_MESSAGES.decided);
  const [member] = await ctx.members.standings([request.userId]);
  const approved = input.status === 'approved';
  const row = await committed(ctx.db, async (tx, announce) => {
    const row = await ctx.verifications.decide(tx, id, { ...input, reviewedBy: admin.id });
    const badge = approved ? await ctx.members.setBadge(tx, row.userId, row.verifiedType) : null;
    if (badge) announce(badge.announce);
    await ctx.audit.append(tx, [
      {
        adminId: admin.id,
        adminName: admin.name,
        action: approved ? 'verification_approved' : 'verification_rejected',
        targetType: 'verification_request',
        targetId: row.id,
        targetName: `${member?.username ?? row.businessName}: ${VERIFIED_BADGES[row.verifiedType].label} (${row.businessName})`,
        subjectUserId: row.userId,
        notes: input.reviewNotes,
        changes: badge ? { before: badge.change.before, after: badge.change.after } : { before: { status: 'pending' }, after: { status: 'rejected' } },
      },
    ]);
    const told = { userId: row.userId, status: input.status, verifiedType: row.verifiedType, reviewNotes: input.reviewNotes };
    announce(await ctx.notifications.notifyIn(tx, row.userId, 'verification_decided', told));
    return row;
  });
  return toVerificationRequest(row);
}

/** DELETE /api/admin/users/:id/verification: an admin takes a badge back, and the member is told why. */
export async function revokeBadge(ctx: AdminContext, actor: Actor, userId: string, reviewNotes: string | null): Promise<void> {
  const admin = adminOf(actor);
  const [member] = await ctx.members.standings([userId]);
  if (!member) throw notFound(BADGE_MESSAGES.memberNotFound);
  // Judged on the member held by setBadge: a revocation sent twice revokes once, the other is a 409.
  await committed(ctx.db, async (tx, announce) => {
    const badge = await ctx.members.setBadge(tx, userId, null);
    const held = badge.change.before.verifiedType;
    if (!held) throw conflict(BADGE_MESSAGES.noBadge);
    announce(badge.announce);
    await ctx.audit.append(tx, [
      {
        adminId: admin.id,
        adminName: admin.name,
        action: 'verification_revoked',
        targetType: 'user',
        targetId: userId,
        targetName: member.username,
        subjectUserId: userId,
        notes: reviewNotes,
        changes: { before: badge.change.before, after: badge.change.after },
      },
    ]);
    announce(await ctx.notifications.notifyIn(tx, userId, 'verification_decided', { userId, status: 'revoked', verifiedType: held, reviewNotes }));
  });
}

/**
 * In a member's rename: the badge given under the name they had goes (0146), and the log says so,
 * since no admin took it (0148): by the member, with the name before and after.
 */
export async function lapseBadge(members: MembersService, tx: Tx, userId: string, renamed: { from: string; to: string }): Promise<Committed<Badge>> {
  const badge = await members.setBadge(tx, userId, null);
  await appendAudit(tx, [
    {
      adminId: null,
      adminName: 'the member',
      action: 'verification_lapsed',
      targetType: 'user',
      targetId: userId,
      targetName: renamed.to,
      subjectUserId: userId,
      changes: { before: { username: renamed.from, ...badge.change.before }, after: { username: renamed.to, ...badge.change.after } },
    },
  ]);
  return badge;
}
