import { hash } from '@node-rs/argon2';
import type { Database } from '../../db/client';
import { committed } from '../../db/committed';
import { notify } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { ARGON2 } from '../../lib/passwords';
import type { MailService } from '../mail/service';
import { replacePassword } from '../auth/service';
import { appendAudit } from './audit-repository';
import { lockMember } from './member-ref';

/**
 * The owner sets a member's password (`npm run admin -- password MEMBER`, their email or account
 * id; docs/decisions/0135): the way back for a member who forgot theirs on a server that mails no
 * links. As any new password, it signs the member out everywhere (running instances are told
 * through NOTIFY) and is mailed to them when mail is set up; the audit log keeps who set it and
 * when, never the password.
 */
export async function setMemberPassword(
  database: Pick<Database, 'db' | 'pool'>,
  told: { mail: Pick<MailService, 'enqueue'>; origin: string | null },
  ref: string,
  password: string,
  by: string,
  now = new Date(),
): Promise<{ username: string; email: string; ended: number } | undefined> {
  const passwordHash = await hash(password, ARGON2);
  return committed(database.db, async (tx, announce) => {
    const member = await lockMember(tx, ref);
    if (!member) return undefined;
    const publish = (change: { sessionId?: string }) => notify(database.pool, SESSION_CHANGED, change);
    const { ended } = await replacePassword(tx, announce, { ...told, publish }, { userId: member.id, passwordHash, keep: null, now });
    await appendAudit(tx, [
      { adminId: null, adminName: by, action: 'password_set', targetType: 'user', targetId: member.id, targetName: member.username, subjectUserId: member.id },
    ]);
    return { username: member.username, email: member.email, ended };
  });
}
