import { eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../domain/ids';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * In `tx`, the member the owner named on the command line, by their email (any case) or their
 * account id (what the old address is told of a change, and what the audit log shows), with their
 * row locked; undefined when no member has it.
 */
export async function lockMember(tx: Tx, ref: string) {
  const given = ref.trim();
  const [member] = await tx
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(isUuid(given) ? eq(users.id, given.toLowerCase()) : eq(sql`lower(${users.email})`, given.toLowerCase()))
    .for('update');
  return member;
}
