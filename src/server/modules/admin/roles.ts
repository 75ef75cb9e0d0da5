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

/** An email as accounts and listed_admin_holders compare it. */
const addressOf = (email: string) => email.trim().toLowerCase();

/** The member with this email, their row locked for the rest of `tx`. */
async function lockedByEmail(tx: Tx, email: string) {
  const [member] = await tx
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, at: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(eq(sql`lower(${users.email})`, addressOf(email)))
    .for('update');
  return member;
}
type LockedMember = NonNullable<Awaited<ReturnType<typeof lockedByEmail>>>;

/**
 * Sets the locked member's role as `setAdminRole` says, with its audit line; a member who is an
 * admin once it is set is recorded as the address's first admin when none is (docs/decisions/0122).
 */
async function changeRole(tx: Tx, email: string, before: LockedMember, isAdmin: boolean, by: string, now: Date): Promise<RoleChange> {
  const member = { id: before.id, username: before.username };
  const suspension = recordedSuspension(before.at, before.until, before.reason);
  if (isAdmin && !before.isAdmin && isSuspended(suspension, now)) return { ...member, changed: false, refusedFor: suspension };
  if (isAdmin) await recordHolder(tx, email, before.id);
  if (before.isAdmin === isAdmin) return { ...member, changed: false, refusedFor: null };
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

/** The first account that was an admin under this address (docs/decisions/0122), if any. */
async function holderOf(tx: Tx, email: string): Promise<string | undefined> {
  const [holder] = await tx.select({ userId: listedAdminHolders.userId }).from(listedAdminHolders).where(eq(listedAdminHolders.email, addressOf(email)));
  return holder?.userId;
}

/** Records the member as the address's first admin, unless one is recorded already. */
async function recordHolder(tx: Tx, email: string, userId: string): Promise<void> {
  await tx.insert(listedAdminHolders).values({ email: addressOf(email), userId }).onConflictDoNothing();
}

/**
 * Makes the member with this email an admin (`isAdmin`) or takes the role back, with its line in
 * the audit log by `by`, in one transaction; undefined when no member has the email. The row is
 * locked first and judged as it then stands: nothing is written when the role is already so, so
 * two instances starting at once promote a member once; a member whose suspension holds is not
 * promoted (an admin is never suspended), a suspension under way being waited for. An admin is
 * recorded as their address's first admin when none is (docs/decisions/0122). Running instances
 * drop their cached copy of the member at once (docs/decisions/0050).
 */
export async function setAdminRole(database: Pick<Database, 'db' | 'pool'>, email: string, isAdmin: boolean, by: string, now = new Date()): Promise<RoleChange | undefined> {
  const change = await database.db.transaction(async (tx) => {
    const before = await lockedByEmail(tx, email);
    if (!before) return undefined;
    return changeRole(tx, email, before, isAdmin, by, now);
  });
  return told(database, change);
}

/** What ADMIN_EMAILS did with one listed address at start-up. */
type Promotion = 'promoted' | 'unchanged' | 'suspended' | 'laterHolder' | 'unregistered' | 'closed' | 'moved';

/**
 * A listed address's account made an admin at start-up, unless another account was its first
 * admin (docs/decisions/0122): one that registered the address after that account closed is left
 * as it is. With no account, whether the address had one that was its admin, closed since
 * ('closed') or signing in with another address now (docs/decisions/0136: 'moved', still an admin).
 */
async function promoteListed(database: Pick<Database, 'db' | 'pool'>, email: string, now: Date): Promise<Promotion> {
  const { outcome, change } = await database.db.transaction(async (tx) => {
    const before = await lockedByEmail(tx, email);
    const holder = await holderOf(tx, email);
    if (!before) {
      if (!holder) return { outcome: 'unregistered' as const };
      const [alive] = await tx.select({ id: users.id }).from(users).where(eq(users.id, holder));
      return { outcome: alive ? ('moved' as const) : ('closed' as const) };
    }
    if (holder && holder !== before.id) return { outcome: before.isAdmin ? ('unchanged' as const) : ('laterHolder' as const) };
    const made = await changeRole(tx, email, before, true, AT_START_UP, now);
    const outcome: Promotion = made.changed ? 'promoted' : made.refusedFor ? 'suspended' : 'unchanged';
    return { outcome, change: made };
  });
  await told(database, change);
  return outcome;
}

/** What ADMIN_EMAILS did at start-up: the listed addresses by what became of them (not those left unchanged). */
export type Promotions = Record<Exclude<Promotion, 'unchanged'>, string[]>;

/**
 * ADMIN_EMAILS at start-up (docs/decisions/0110): the accounts already registered with a listed
 * address become admins, each as `npm run admin -- grant` makes one. An address registered later
 * stays a plain member until the next start or a grant; one taken off the list is not revoked.
 * Each address promotes its first admin's account only (docs/decisions/0122).
 */
export async function promoteListedAdmins(database: Pick<Database, 'db' | 'pool'>, emails: readonly string[], now = new Date()): Promise<Promotions> {
  const result: Promotions = { promoted: [], unregistered: [], suspended: [], laterHolder: [], closed: [], moved: [] };
  for (const email of emails) {
    const outcome = await promoteListed(database, email, now);
    if (outcome !== 'unchanged') result[outcome].push(email);
  }
  return result;
}

/** The one log line a start with ADMIN_EMAILS writes. */
export function promotionsLine({ promoted, unregistered, suspended, laterHolder, closed, moved }: Promotions): string {
  const made = `ADMIN_EMAILS: ${promoted.length} ${promoted.length === 1 ? 'account' : 'accounts'} made admin at start-up`;
  const everyOne = closed.length + moved.length === 0 ? '; every listed address has an account.' : '.';
  const waiting = unregistered.length === 0 ? everyOne : `; no account yet for ${unregistered.join(', ')} (register, then restart the app or run npm run admin -- grant EMAIL).`;
  const notes = [
    suspended.length > 0 &&
      `Not made admin while suspended: ${suspended.join(', ')} (an admin lifts the suspension, then restart the app or run npm run admin -- grant EMAIL).`,
    laterHolder.length > 0 &&
      `Not made admin: ${laterHolder.join(', ')}, registered again after the account that was its admin closed or moved to another address (take the address off the list; run npm run admin -- grant EMAIL if the new account is that person's).`,
    closed.length > 0 &&
      `No account now for ${closed.join(', ')}: the account that was its admin closed, and the list makes no other account admin (take the address off the list; run npm run admin -- grant EMAIL for a new account of that person's).`,
    moved.length > 0 &&
      `No account now for ${moved.join(', ')}: the account that was its admin signs in with another address now, and stays an admin (take the address off the list, or list the new one).`,
  ].filter(Boolean);
  return [`${made}${waiting}`, ...notes].join(' ');
}
