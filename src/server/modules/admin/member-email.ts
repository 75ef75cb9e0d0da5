import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { SITE_NAME } from '../../../domain/pages';
import type { Database } from '../../db/client';
import { committed } from '../../db/committed';
import { users } from '../../db/schema/index';
import { notify } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { ARGON2 } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import { mailTo, maskedAddress, sameAddress, signOutEverywhere } from '../auth/service';
import type { MailService } from '../mail/service';
import { appendAudit } from './audit-repository';
import { lockMember } from './member-ref';

export type SetEmailOutcome =
  | { outcome: 'moved'; username: string; from: string; ended: number; isAdmin: boolean }
  | { outcome: 'same'; username: string }
  | { outcome: 'taken' }
  | { outcome: 'unknown' };

/**
 * The owner sets a member's email (`npm run admin -- email MEMBER NEW-EMAIL`, docs/decisions/0139):
 * the way back for a member whose account was taken over and moved to another address, which the
 * old address was told of (0136). Whoever took it knows the password, so the password is replaced
 * by one nobody knows (a hash of random bytes: a sign-in with it fails as slowly as any other).
 * Whoever holds the account is signed out everywhere, and a sign-in or an email change checked
 * against the old password before this cannot land after it (both check the hash under the row's
 * lock). Password links are voided; the new address is told, with the way to choose a password,
 * and the address it had is told, masked. The audit log keeps who set it and when, not the addresses.
 */
export async function setMemberEmail(
  database: Pick<Database, 'db' | 'pool'>,
  told: { mail: Pick<MailService, 'enqueue'>; origin: string | null },
  change: { ref: string; email: string; by: string; now?: Date },
): Promise<SetEmailOutcome> {
  const { ref, email, by, now = new Date() } = change;
  const unknownPassword = await hash(randomBytes(32).toString('base64url'), ARGON2);
  try {
    return await committed(database.db, async (tx, announce): Promise<SetEmailOutcome> => {
      const member = await lockMember(tx, ref);
      if (!member) return { outcome: 'unknown' };
      if (sameAddress(member.email, email)) return { outcome: 'same', username: member.username };
      await tx.update(users).set({ email, passwordHash: unknownPassword }).where(eq(users.id, member.id));
      const ended = await signOutEverywhere(tx, announce, (c) => notify(database.pool, SESSION_CHANGED, c), member.id, null);
      await told.mail.enqueue(
        mailTo(
          { email },
          'Your email was set by the site’s owner',
          `The owner of ${SITE_NAME} set the email of your account (${member.username}) to this address on ${now.toUTCString()}, signed the account out everywhere, and cleared its password. You sign in with this address from now on.`,
          told.origin ? `Choose a new password here: ${told.origin}/forgot-password` : 'The site’s owner tells you how to choose a new password.',
        ),
        tx,
      );
      // The address it had is told too, as when a member changes it (0136): the owner's tool is not used unseen.
      await told.mail.enqueue(
        mailTo(
          member,
          'Your email was changed by the site’s owner',
          `The owner of ${SITE_NAME} set the email of your account (${member.username}) to ${maskedAddress(email)} on ${now.toUTCString()}. Mail for the account goes there from now on.`,
          'If you did not ask for this, please tell the site’s owner.',
        ),
        tx,
      );
      await appendAudit(tx, [
        { adminId: null, adminName: by, action: 'email_set', targetType: 'user', targetId: member.id, targetName: member.username, subjectUserId: member.id },
      ]);
      return { outcome: 'moved', username: member.username, from: member.email, ended, isAdmin: member.isAdmin };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { outcome: 'taken' };
    throw err;
  }
}
