import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { notify } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { appendAudit } from './audit-repository';

/** Who the audit log names for a role changed by `npm run admin`. */
export const COMMAND_LINE = 'the command line (npm run admin)';

/** The member whose role was asked for, and whether it changed (it does not when they already had it). */
export interface RoleChange {
  id: string;
  username: string;
  changed: boolean;
}

/**
 * Makes the member with this email an admin (`isAdmin`) or takes the role back, with its line in
 * the audit log by `by`, in one transaction; undefined when no member has the email. The row is
 * locked first and nothing is written when the role is already so. Running instances drop their
 * cached copy of the member at once (docs/decisions/0050).
 */
export async function setAdminRole(database: Pick<Database, 'db' | 'pool'>, email: string, isAdmin: boolean, by: string): Promise<RoleChange | undefined> {
  const change = await database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!before) return undefined;
    if (before.isAdmin === isAdmin) return { id: before.id, username: before.username, changed: false };
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
    return { id: before.id, username: before.username, changed: true };
  });
  if (change?.changed) await notify(database.pool, SESSION_CHANGED, { userId: change.id });
  return change;
}
