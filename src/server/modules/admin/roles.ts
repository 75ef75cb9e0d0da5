import { eq, sql } from 'drizzle-orm';
import { isSuspended, recordedSuspension, type Suspension } from '../../../domain/suspension';
import type { Database, Tx } from '../../db/client';
import { listedAdminHolders, users } from '../../db/schema/index';
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

/** The member with this email, their row locked for the rest of `tx`. */
async function lockedByEmail(tx: Tx, email: string) {
  const [member] = await tx
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, at: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .for('update');
  return member;
}
type LockedMember = NonNullable<Awaited<ReturnType<typeof lockedByEmail>>>;

/** Sets the locked member's role as `setAdminRole` says, with its audit line. */
async function changeRole(tx: Tx, before: LockedMember, isAdmin: boolean, by: string, now: Date): Promise<RoleChange> {
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
}

/** Running instances drop their cached copy of a member whose role changed (docs/decisions/0050). */
async function told<T extends RoleChange | undefined>(database: Pick<Database, 'pool'>, change: T): Promise<T> {
  if (change?.changed) await notify(database.pool, SESSION_CHANGED, { userId: change.id });
  return change;
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
    const before = await lockedByEmail(tx, email);
    return before && changeRole(tx, before, isAdmin, by, now);
  });
  return told(database, change);
}

/**
 * A listed address's account made an admin at start-up, if it is the first account the list
 * promoted under that address (docs/decisions/0122): the first holder is recorded, in the same
 * transaction; an account that registered the address after that one closed is left as it is
 * (`laterHolder`). Undefined when no member has the address.
 */
async function promoteListed(database: Pick<Database, 'db' | 'pool'>, email: string, now: Date): Promise<(RoleChange & { laterHolder: boolean }) | undefined> {
  const change = await database.db.transaction(async (tx) => {
    const before = await lockedByEmail(tx, email);
    if (!before) return undefined;
    const address = email.trim().toLowerCase();
    await tx.insert(listedAdminHolders).values({ email: address, userId: before.id }).onConflictDoNothing();
    const [first] = await tx.select({ userId: listedAdminHolders.userId }).from(listedAdminHolders).where(eq(listedAdminHolders.email, address));
    if (first?.userId !== before.id) {
      return { id: before.id, username: before.username, changed: false, refusedFor: null, laterHolder: !before.isAdmin };
    }
    return { ...(await changeRole(tx, before, true, AT_START_UP, now)), laterHolder: false };
  });
  return told(database, change);
}

/** What ADMIN_EMAILS did at start-up: the addresses whose accounts became admins, those with no account yet, and those suspended. */
export interface Promotions {
  promoted: string[];
  unregistered: string[];
  /** Listed addresses whose member is suspended: not promoted until the suspension is lifted or ends. */
  suspended: string[];
  /** Listed addresses held by an account that registered them after the one the list made an admin closed. */
  laterHolders: string[];
}

/**
 * ADMIN_EMAILS at start-up (docs/decisions/0110): the accounts already registered with a listed
 * address become admins, each as `npm run admin -- grant` makes one. An address registered later
 * stays a plain member until the next start or a grant; one taken off the list is not revoked.
 * Each address promotes its first account only (docs/decisions/0122).
 */
export async function promoteListedAdmins(database: Pick<Database, 'db' | 'pool'>, emails: readonly string[], now = new Date()): Promise<Promotions> {
  const result: Promotions = { promoted: [], unregistered: [], suspended: [], laterHolders: [] };
  for (const email of emails) {
    const change = await promoteListed(database, email, now);
    if (!change) result.unregistered.push(email);
    else if (change.changed) result.promoted.push(email);
    else if (change.refusedFor) result.suspended.push(email);
    else if (change.laterHolder) result.laterHolders.push(email);
  }
  return result;
}

/** The one log line a start with ADMIN_EMAILS writes. */
export function promotionsLine({ promoted, unregistered, suspended, laterHolders }: Promotions): string {
  const made = `ADMIN_EMAILS: ${promoted.length} ${promoted.length === 1 ? 'account' : 'accounts'} made admin at start-up`;
  const waiting = unregistered.length === 0 ? '; every listed address has an account.' : `; no account yet for ${unregistered.join(', ')} (register, then restart the app or run npm run admin -- grant EMAIL).`;
  const benched = suspended.length === 0 ? '' : ` Not made admin while suspended: ${suspended.join(', ')} (an admin lifts the suspension, then restart the app or run npm run admin -- grant EMAIL).`;
  const taken =
    laterHolders.length === 0
      ? ''
      : ` Not made admin: ${laterHolders.join(', ')}, registered again after the account the list made an admin closed (take the address off the list; run npm run admin -- grant EMAIL if the new account is that person's).`;
  return `${made}${waiting}${benched}${taken}`;
}
