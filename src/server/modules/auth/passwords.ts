import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../../domain/actor';
import { SITE_NAME } from '../../../domain/pages';
import {
  PASSWORD_MESSAGES,
  RESET_LINK_MINUTES,
  resetLink,
  type ChangePasswordInput,
  type PasswordChanged,
  type PasswordResetInput,
  type PasswordResetRequest,
} from '../../../domain/passwords';
import type { Db } from '../../db/client';
import { committed } from '../../db/committed';
import { passwordResets, users } from '../../db/schema/index';
import { AppError, badRequest, memberIdOf } from '../../errors';
import type { EventBus } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { ARGON2 } from '../../lib/passwords';
import type { RateLimiter } from '../../plugins/rate-limit';
import { mailedLinkOrigin, type MailService } from '../mail/service';
import type { DeviceCookies } from './device-cookies';
import { holdWithPassword, mailTo, replacePassword, type NewPasswordDeps } from './new-password';
import { createUsersRepository } from './repository';
import { sessionIdOf } from './session-store';
import { accountFailuresKey, type SignedIn } from './service';

/**
 * Password limits (docs/decisions/0135). The password asked again (to change it or the email, or
 * to close the account) is one count per session: a borrowed browser gets five wrong guesses,
 * whichever form it tries, and the member's browsers twenty together; a right one takes its
 * counts back. A link is asked for at most three
 * times an hour per address, whether or not an account uses it, so the limit tells nothing; a
 * token is 256 bits, and its failed uses are limited anyway.
 */
export const PASSWORD_RULES = {
  currentPassword: { what: 'password attempts from this browser', limit: 5, windowMs: 15 * 60_000 },
  currentPasswordPerMember: { what: 'password attempts for this account', limit: 20, windowMs: 15 * 60_000 },
  resetPerIp: { what: 'password reset requests from this address', limit: 10, windowMs: 60 * 60_000 },
  resetPerEmail: { what: 'password reset requests for this email', limit: 3, windowMs: 60 * 60_000 },
  linkPerIp: { what: 'failed attempts to use a password link', limit: 20, windowMs: 15 * 60_000 },
} as const;

export interface PasswordsDeps {
  db: Db;
  events: EventBus;
  mail: Pick<MailService, 'enabled' | 'enqueue'>;
  limiter: RateLimiter;
  /** Keys the links' stored ids (the session secret). */
  secret: string;
  /** Gives the browser that used a link a device cookie for the member. */
  devices: DeviceCookies;
  /** The site's address (PUBLIC_URL): a mailed link needs it, so without it (or mail) no link is offered. */
  publicUrl?: string;
}

/**
 * A member's password: checking it again, changing it, and choosing a new one from a mailed link.
 * Every new password ends the member's other sessions on every instance (their sockets close),
 * voids the links not used yet, and is told by mail when mail is set up.
 */
export function createPasswords(deps: PasswordsDeps) {
  const accounts = createUsersRepository(deps.db);
  const { devices } = deps;
  const origin = mailedLinkOrigin(deps.mail, deps.publicUrl);
  const linkIdOf = (token: string) => sessionIdOf(deps.secret, token);
  const told: NewPasswordDeps = {
    mail: deps.mail,
    origin,
    publish: (change) => deps.events.publish(SESSION_CHANGED, change),
  };

  /**
   * The hash `password` was checked against when it is the signed-in member's, else null. A wrong
   * one counts against the browser's session and, more loosely, the member (429 past either); a
   * right one takes both counts back, as a sign-in does. Counted per session, a thief holding
   * only a session cannot shut the member's other browsers out of these forms. What acts on it
   * checks the hash again under the member's lock (`holdWithPassword`).
   */
  async function confirm(actor: Actor, password: string): Promise<string | null> {
    const userId = actor.userId!;
    const keys = [`password-check:session:${actor.sessionId}`, `password-check:${userId}`];
    await deps.limiter.hit(keys[0]!, PASSWORD_RULES.currentPassword);
    await deps.limiter.hit(keys[1]!, PASSWORD_RULES.currentPasswordPerMember);
    const user = await accounts.findById(userId);
    if (!user || !(await verify(user.passwordHash, password).catch(() => false))) return null;
    for (const key of keys) await deps.limiter.release(key);
    return user.passwordHash;
  }

  return {
    confirm,
    /** Whether a link can be mailed here (SMTP_URL and PUBLIC_URL): the sign-in screen offers it then. */
    resetsByMail: origin !== null,

    /** PUT /api/user/password: with the current password asked again; this browser stays signed in, the others do not. */
    async change(actor: Actor, input: ChangePasswordInput, now = new Date()): Promise<PasswordChanged> {
      const userId = memberIdOf(actor, PASSWORD_MESSAGES.signIn);
      const wrong = () => new AppError('UNAUTHENTICATED', PASSWORD_MESSAGES.wrongCurrent);
      const checked = await confirm(actor, input.currentPassword);
      if (!checked) throw wrong();
      const passwordHash = await hash(input.newPassword, ARGON2);
      const { ended } = await committed(deps.db, async (tx, announce) => {
        if (!(await holdWithPassword(tx, userId, checked))) throw wrong();
        return replacePassword(tx, announce, told, { userId, passwordHash, keep: actor.sessionId, now });
      });
      return { otherSessionsEnded: ended };
    },

    /**
     * POST /api/auth/password-reset: mails a link to the account that uses the address. The answer
     * is the same whether one does or not; only the limits answer otherwise, and for both alike.
     */
    async requestReset(actor: Actor, input: PasswordResetRequest, now = new Date()): Promise<void> {
      if (!origin) throw new AppError('UNAVAILABLE', PASSWORD_MESSAGES.resetOff);
      await deps.limiter.hit(`password-reset:ip:${actor.address}`, PASSWORD_RULES.resetPerIp);
      await deps.limiter.hit(
        `password-reset:email:${input.email.toLowerCase()}`,
        PASSWORD_RULES.resetPerEmail,
      );
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
      await deps.db.transaction(async (tx) => {
        // The member is found and share-locked in the transaction that writes the link: an email
        // change waits for it and then voids the link, or comes first and the old address finds
        // no one. Read before it, the link could outlive the change, and the old mailbox would
        // hold a link to the account (found by a review).
        const [user] = await tx
          .select({ id: users.id, email: users.email, username: users.username })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${input.email})`)
          .for('share');
        if (!user) return;
        await tx
          .insert(passwordResets)
          .values({ id: linkIdOf(token), userId: user.id, createdAt: now, expiresAt });
        // Sealed in the outbox: whoever reads the database must not find a link that works there.
        await deps.mail.enqueue(
          {
            sealed: true,
            ...mailTo(
              user,
              'Choose a new password',
              `Someone, we hope you, asked to choose a new password for your ${SITE_NAME} account (${user.username}).`,
              `Choose it here: ${resetLink(origin, token)}`,
              `The link works for one hour, once. If you did not ask for it, ignore this mail: your password stays as it is.`,
            ),
          },
          tx,
        );
      });
    },

    /**
     * POST /api/auth/password-reset/confirm: the link's new password. Every session of the member
     * ends, and this browser is signed in; the account's count of failed sign-ins starts again, so
     * an owner locked out by someone guessing is back in.
     */
    async reset(actor: Actor, input: PasswordResetInput, now = new Date()): Promise<SignedIn> {
      // Failures count: a link that works takes its count back, so wrong tokens sent from a shared
      // address (a carrier's NAT) cannot use up the neighbours' good links.
      const tries = `password-reset:link:${actor.address}`;
      await deps.limiter.hit(tries, PASSWORD_RULES.linkPerIp);
      const id = linkIdOf(input.token);
      const valid = and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, now));
      const [link] = await deps.db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(valid);
      if (!link) throw badRequest(PASSWORD_MESSAGES.linkBad);
      const passwordHash = await hash(input.password, ARGON2);
      const user = await committed(deps.db, async (tx, announce) => {
        // The member's row first, then the link, the order every other writer of both takes
        // (a change of password or email, closing the account), so none waits on another in a circle.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).for('update');
        // Taken, not read: of two uses at once, one finds it gone.
        if ((await tx.delete(passwordResets).where(valid).returning()).length === 0)
          throw badRequest(PASSWORD_MESSAGES.linkBad);
        return (
          await replacePassword(tx, announce, told, { userId: link.userId, passwordHash, keep: null, now })
        ).user;
      });
      await deps.limiter.release(tries);
      await deps.limiter.clear(accountFailuresKey(user.email));
      return { user, device: devices.issue(user.email) };
    },

    /** Links past their hour (an hourly job). */
    async sweepExpired(now = new Date()): Promise<void> {
      await deps.db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
