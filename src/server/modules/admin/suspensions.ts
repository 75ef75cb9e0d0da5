import type { Actor } from '../../../domain/actor';
import type { SuspendInput, SuspensionView } from '../../../domain/admin';
import { isSuspended, suspensionUntil, type Suspension } from '../../../domain/suspension';
import { conflict, forbidden, notFound } from '../../errors';
import { committed } from '../../db/committed';
import { adminOf, type AdminContext } from './context';

export const SUSPENSION_MESSAGES = {
  memberNotFound: 'Member not found.',
  admin: 'An admin cannot be suspended. Revoke their admin role first.',
  notSuspended: 'This member is not suspended.',
} as const;

const viewOf = (s: Suspension | null): SuspensionView | null => (s ? { until: s.until?.toISOString() ?? null, reason: s.reason } : null);

async function memberToAct(ctx: AdminContext, userId: string, now: Date) {
  const [member] = await ctx.members.standings([userId], now);
  if (!member) throw notFound(SUSPENSION_MESSAGES.memberNotFound);
  return member;
}

/**
 * POST /api/admin/users/:id/suspend (issue 19): for 7 days, 30 days or until lifted. The member can
 * no longer post, comment, message, rate or report; their posts leave lists and the map; their
 * live sockets close. Suspending again replaces the end and the reason. Never an admin: the member
 * is held first and judged as they then stand, so a promotion under way is waited for and refuses
 * the suspension (docs/decisions/0117).
 */
export async function suspend(ctx: AdminContext, actor: Actor, userId: string, input: SuspendInput, now = new Date()) {
  const admin = adminOf(actor);
  const member = await memberToAct(ctx, userId, now);
  const next: Suspension = { until: suspensionUntil(input.end, now), reason: input.reason };
  await committed(ctx.db, async (tx, announce) => {
    if ((await ctx.members.heldStanding(tx, userId))?.isAdmin) throw forbidden(SUSPENSION_MESSAGES.admin);
    // Announced first: a member online usually sees why before their sockets close; the bell keeps it either way.
    announce(await ctx.notifications.notifyIn(tx, userId, 'account_suspended', { until: viewOf(next)!.until, reason: next.reason }));
    const { change, announce: then } = await ctx.members.setSuspension(tx, userId, next);
    announce(then);
    await ctx.audit.append(tx, [
      { adminId: admin.id, adminName: admin.name, action: 'suspension_set', targetType: 'user', targetId: userId, targetName: member.username, subjectUserId: userId, notes: input.reason, changes: { before: change.before, after: change.after } },
    ]);
  });
  return { userId, suspension: viewOf(next) };
}

/**
 * Lifts a suspension: by an admin (DELETE /api/admin/users/:id/suspend, logged), or at its end (the
 * sweep). The member is held first and `due` judges their suspension as it stands then, so a lift
 * sent twice, or an admin's and the sweep's at once, lift it once, and the sweep never lifts a
 * suspension an admin set again after it looked. Whether it lifted one.
 */
async function liftFor(
  ctx: AdminContext,
  userId: string,
  by: { admin: { id: string; name: string }; notes: string | null } | null,
  due: (held: Suspension | null | undefined) => boolean,
) {
  return committed(ctx.db, async (tx, announce) => {
    if (!due((await ctx.members.heldStanding(tx, userId))?.suspension)) return false;
    const { change, announce: then } = await ctx.members.setSuspension(tx, userId, null);
    announce(then);
    if (by) {
      const { admin, notes } = by;
      await ctx.audit.append(tx, [
        { adminId: admin.id, adminName: admin.name, action: 'suspension_lifted', targetType: 'user', targetId: userId, targetName: change.username, subjectUserId: userId, notes, changes: { before: change.before, after: change.after } },
      ]);
    }
    announce(await ctx.notifications.notifyIn(tx, userId, 'suspension_lifted', {}));
    return true;
  });
}

/** An admin's lift, with their notes for the log (why: an appeal heard, a mistake). */
export async function lift(ctx: AdminContext, actor: Actor, userId: string, notes: string | null, now = new Date()) {
  const admin = adminOf(actor);
  await memberToAct(ctx, userId, now);
  if (!(await liftFor(ctx, userId, { admin, notes }, (held) => isSuspended(held, now)))) throw conflict(SUSPENSION_MESSAGES.notSuspended);
  return { userId, suspension: null };
}

/** Suspensions whose end has passed: their members' posts are listed again, and they are told; how many. */
export async function sweepEndedSuspensions(ctx: AdminContext, now = new Date()): Promise<number> {
  const ended = await ctx.members.endedSuspensions(now);
  let lifted = 0;
  for (const userId of ended) if (await liftFor(ctx, userId, null, (held) => held?.until != null && held.until <= now)) lifted += 1;
  return lifted;
}
