import { eq, sql } from 'drizzle-orm';
import { isSuspended, recordedSuspension, type Suspension } from '../../../domain/suspension';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { notify } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { appendAudit } from './audit-repository';

/** Who the audit log names for a role changed by `npm run admin`. */
export const COMMAND_LINE = 'the command line (npm run admin)';
/** Who the audit log names for a promotion by ADMIN_EMAILS when the app starts (docs/decisions/0110). */
export const AT_START_UP = 'ADMIN_EMAILS at start-up';

/** The member whose role was asked for, and whether it changed (it does not when they already had it, or were refused it). */
export interface RoleChange {
  id: string;
  username: string;
  changed: boolean;
  /** The suspension that refused a grant: a suspended member is not made an admin (docs/decisions/0117); null otherwise. */
  refusedFor: Suspension | null;
}

/**
 * Makes the member with this email an admin (`isAdmin`) or takes the role back, with its line in
 * the audit log by `by`, in one transaction; undefined when no member has the email. The row is
 * locked first and judged as it then stands: nothing is written when the role is already so, so
 * two instances starting at once promote a member once; a member whose suspension holds is not
 * promoted (an admin is never suspended), a suspension under way being waited for. Running
 * instances drop their cached copy of the member at once (docs/decisions/0050).
 */
export async function setAdminRole(database: Pick<Database, 'db' | 'pool'>, email: string, isAdmin: boolean, by: string, now = new Date()): Promise<RoleChange | undefined> {
  const change = await database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, at: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!before) return undefined;
    const member = { id: before.id, username: before.username };
    if (before.isAdmin === isAdmin) return { ...member, changed: false, refusedFor: null };
    const suspension = recordedSuspension(before.at, before.until, before.reason);
    if (isAdmin && isSuspended(suspension, now)) return { ...member, changed: false, refusedFor: suspension };
    await tx.update(users).set({ isAdmin }).where(eq(users.id, before.id));
    await appendAudit(tx, [
      {
        adminId: null,
        adminName: by,
        action: isAdmin ? 'admin_granted' : 'admin_revoked',
        targetType: 'user',
        targetId: before.id,
        targetName: before.username,
        subjectUserId: before.id,
        changes: { before: { isAdmin: before.isAdmin }, after: { isAdmin } },
      },
    ]);
    return { ...member, changed: true, refusedFor: null };
  });
  if (change?.changed) await notify(database.pool, SESSION_CHANGED, { userId: change.id });
  return change;
}

/** What ADMIN_EMAILS did at start-up: the addresses whose accounts became admins, those with no account yet, and those suspended. */
export interface Promotions {
  promoted: string[];
  unregistered: string[];
  /** Listed addresses whose member is suspended: not promoted until the suspension is lifted or ends. */
  suspended: string[];
}

/**
 * ADMIN_EMAILS at start-up (docs/decisions/0110): the accounts already registered with a listed
 * address become admins, each as `npm run admin -- grant` makes one. An address registered later
 * stays a plain member until the next start or a grant; one taken off the list is not revoked.
 */
export async function promoteListedAdmins(database: Pick<Database, 'db' | 'pool'>, emails: readonly string[]): Promise<Promotions> {
  const result: Promotions = { promoted: [], unregistered: [], suspended: [] };
  for (const email of emails) {
    const change = await setAdminRole(database, email, true, AT_START_UP);
    if (!change) result.unregistered.push(email);
    else if (change.changed) result.promoted.push(email);
    else if (change.refusedFor) result.suspended.push(email);
  }
  return result;
}

/** The one log line a start with ADMIN_EMAILS writes. */
export function promotionsLine({ promoted, unregistered, suspended }: Promotions): string {
  const made = `ADMIN_EMAILS: ${promoted.length} ${promoted.length === 1 ? 'account' : 'accounts'} made admin at start-up`;
  const waiting = unregistered.length === 0 ? '; every listed address has an account.' : `; no account yet for ${unregistered.join(', ')} (register, then restart the app or run npm run admin -- grant EMAIL).`;
  if (suspended.length === 0) return `${made}${waiting}`;
  return `${made}${waiting} Not made admin while suspended: ${suspended.join(', ')} (an admin lifts the suspension, then restart the app or run npm run admin -- grant EMAIL).`;
}
