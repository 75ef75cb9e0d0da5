import { eq } from 'drizzle-orm';
import { PROFILE_MESSAGES, type ChangeEmailInput } from '../../../domain/account';
import type { Actor } from '../../../domain/actor';
import { SITE_NAME } from '../../../domain/pages';
import type { Db } from '../../db/client';
import { committed } from '../../db/committed';
import { passwordResets, users } from '../../db/schema/index';
import { AppError, badRequest, conflict, memberIdOf } from '../../errors';
import type { EventBus } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { MailService } from '../mail/service';
import type { DeviceCookies } from './device-cookies';
import { holdWithPassword, mailTo } from './new-password';
import { EMAIL_TAKEN, type SignedIn } from './service';

/** Whether two addresses are the same: sign-in, the unique index and the links all ignore case. */
export const sameAddress = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * An address as the old one is told of it: enough for the member to know it ('f***@example.org'),
 * not the whole of it for whoever else reads an old or shared mailbox.
 */
export const maskedAddress = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
};

export interface EmailChangeDeps {
  db: Db;
  events: EventBus;
  mail: Pick<MailService, 'enqueue'>;
  /** Whether the password is the member's, on the small limit a password asked again shares (passwords.ts). */
  confirm: (actor: Actor, password: string) => Promise<string | null>;
  /** Signs the device cookie for the new login name. */
  devices: DeviceCookies;
}

/**
 * A member's email, the name they sign in with (docs/decisions/0136): changed with the password
 * asked again. The old address is told by mail when mail is set up, so an account taken over
 * cannot be moved away unseen; links to choose a new password, mailed to the old address, are
 * voided. The browser gets a device cookie for the new name, so it stays a browser the member
 * signed in from (0075).
 */
export function createEmailChange(deps: EmailChangeDeps) {
  const { devices } = deps;

  return {
    /** PUT /api/user/email: the member as answered, and the device cookie for the new email. */
    async change(actor: Actor, input: ChangeEmailInput, now = new Date()): Promise<SignedIn> {
      const userId = memberIdOf(actor, PROFILE_MESSAGES.signIn);
      // Sign-in, the unique index and the links all ignore case: so does 'the same address'.
      if (sameAddress(actor.member?.email, input.email)) throw badRequest(PROFILE_MESSAGES.sameEmail);
      const wrong = () => new AppError('UNAUTHENTICATED', PROFILE_MESSAGES.wrongPassword);
      const checked = await deps.confirm(actor, input.password);
      if (!checked) throw wrong();
      try {
        const user = await committed(deps.db, async (tx, announce) => {
          // A reset or a change that landed since the password was checked signed this browser out.
          const before = await holdWithPassword(tx, userId, checked);
          if (!before) throw wrong();
          if (sameAddress(before.email, input.email)) throw badRequest(PROFILE_MESSAGES.sameEmail);
          const [row] = await tx.update(users).set({ email: input.email }).where(eq(users.id, userId)).returning();
          await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
          await deps.mail.enqueue(
            mailTo(
              before,
              'Your email was changed',
              `The email of your ${SITE_NAME} account (${before.username}) was changed to ${maskedAddress(input.email)} on ${now.toUTCString()}. Mail for the account goes there from now on, and you sign in with it.`,
              `If this was you, there is nothing to do. If it was not, please tell the site’s owner at once, with the account’s id: ${userId}. They can give the account back to this address.`,
            ),
            tx,
          );
          // Every instance reads the member's session again: it holds their email.
          announce(() => deps.events.publish(SESSION_CHANGED, { userId }));
          return row!;
        });
        return { user, device: devices.issue(user.email) };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },
  };
}

export type EmailChange = ReturnType<typeof createEmailChange>;
