import { and, eq, ne } from 'drizzle-orm';
import { SITE_NAME } from '../../../domain/pages';
import type { Tx } from '../../db/client';
import type { Announce } from '../../db/committed';
import { passwordResets, sessions, users } from '../../db/schema/index';
import type { SessionChange } from '../../events/topics';
import type { MailService } from '../mail/service';
import type { UserRow } from './repository';

/** What a new password tells, and whom. */
export interface NewPasswordDeps {
  mail: Pick<MailService, 'enqueue'>;
  /** Announces an ended session to every instance (the app's EventBus, or NOTIFY from a tool). */
  publish: (change: SessionChange) => Promise<void>;
  /** The site's address when links are mailed (SMTP_URL and PUBLIC_URL), for the way back; else null. */
  origin: string | null;
}

/**
 * The password a member gave again (to change it, their email, or to close the account) was
 * checked before the transaction that acts on it: in `tx`, locks the member's row and gives it
 * while `checkedHash` is still their password, else null. A reset or another change that landed
 * in between gives null, so a browser signed out by it cannot still act with the old password.
 */
export async function holdWithPassword(tx: Tx, userId: string, checkedHash: string): Promise<Pick<UserRow, 'email' | 'username'> | null> {
  const [row] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)))
    .for('update');
  return row ?? null;
}

/**
 * In `tx`, after a change to how the member signs in (a password, or an email the owner set): every
 * session but `keep` ended, announced once committed so every instance drops it and closes its
 * sockets, and the password links not used yet voided. The number of sessions ended.
 */
export async function signOutEverywhere(tx: Tx, announce: Announce, publish: NewPasswordDeps['publish'], userId: string, keep: string | null): Promise<number> {
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  const mine = eq(sessions.userId, userId);
  const ended = await tx.delete(sessions).where(keep ? and(mine, ne(sessions.id, keep)) : mine).returning({ id: sessions.id });
  for (const { id } of ended) announce(() => publish({ sessionId: id }));
  return ended.length;
}

/** A mail to the member, its paragraphs apart. */
export const mailTo = (user: Pick<UserRow, 'email'>, subject: string, ...paragraphs: string[]) => ({ to: user.email, subject, text: paragraphs.join('\n\n') });

/**
 * In `tx`, a member's new password (docs/decisions/0135): the hash stored, every session but
 * `keep` ended (announced once committed, so every instance drops it and closes its sockets), the
 * links not used yet voided, and the member told by mail when mail is set up.
 */
export async function replacePassword(
  tx: Tx,
  announce: Announce,
  deps: NewPasswordDeps,
  change: { userId: string; passwordHash: string; keep: string | null; now: Date },
): Promise<{ user: UserRow; ended: number }> {
  const { userId, passwordHash, keep, now } = change;
  const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
  const ended = await signOutEverywhere(tx, announce, deps.publish, userId, keep);
  await deps.mail.enqueue(
    mailTo(
      user!,
      'Your password was changed',
      `The password of your ${SITE_NAME} account (${user!.username}) was changed on ${now.toUTCString()}.`,
      deps.origin
        ? `If this was you, there is nothing to do. If it was not, choose a new password at once: ${deps.origin}/forgot-password`
        : 'If this was you, there is nothing to do. If it was not, please tell the site’s owner at once.',
    ),
    tx,
  );
  return { user: user!, ended };
}
