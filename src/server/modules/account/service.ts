import { ACCOUNT_MESSAGES, MAIL_STOP_MESSAGES, PROFILE_MESSAGES, type DeleteAccountInput, type MailStopQuery, type Preferences, type RenameInput, type RenameResult } from '../../../domain/account';
import type { Actor } from '../../../domain/actor';
import { oneSpaced } from '../../../domain/auth';
import type { OwnPostsQuery } from '../../../domain/own-posts';
import type { Db, Tx } from '../../db/client';
import { committed } from '../../db/committed';
import { canRename } from '../../../domain/policy';
import { AppError, assertAllowed, badRequest, forbidden, memberIdOf, unauthenticated } from '../../errors';
import type { EventBus } from '../../events/bus';
import { ACCOUNT_DELETED, SESSION_CHANGED } from '../../events/topics';
import type { RateLimiter } from '../../plugins/rate-limit';
import { holdWithPassword } from '../auth/service';
import type { MailStopLinks } from '../mail/service';
import { ownPostsPage } from './own-posts';
import { createAccountRepository } from './repository';

/** Renames per member (docs/decisions/0136): a name is how neighbours know whom they arranged a pickup with. */
export const RENAMES = { what: 'name changes', limit: 5, windowMs: 24 * 60 * 60_000 } as const;
/** Exports per member: each reads every table that holds them. */
export const EXPORTS = { what: 'data exports', limit: 10, windowMs: 60 * 60_000 } as const;

export interface AccountServiceDeps {
  db: Db;
  events: EventBus;
  limiter: RateLimiter;
  /** Whether the password is the member's, on the small limit a password asked again shares (auth/passwords.ts). */
  confirmPassword: (actor: Actor, password: string) => Promise<string | null>;
  /** Deletes the member's posts in the transaction; the returned step runs once it is committed (their photos, the lists). */
  removePostsOf: (tx: Tx, userId: string) => Promise<() => Promise<void>>;
  /** Checks the mailed links that turn message mail off (0138). */
  stopLinks: MailStopLinks;
  /** Takes the badge of a member renamed in the transaction back, and writes down why; what to announce once committed. */
  dropBadge: (tx: Tx, userId: string, renamed: { from: string; to: string }) => Promise<{ announce: () => Promise<void> }>;
}

/**
 * Whether two names differ only in case ('erin's tree care' and 'Erin's Tree Care') or in runs of
 * spaces, which a name saved before 0148 may have ('Dave  Pallets' and 'Dave Pallets').
 */
const sameLetters = (was: string, is: string) => oneSpaced(was).toLocaleLowerCase('en') === oneSpaced(is).toLocaleLowerCase('en');

/** A member's own account (DECISIONS 17): all their data as a file, and closing the account. */
export function createAccountService(deps: AccountServiceDeps) {
  const repo = createAccountRepository(deps.db);

  const memberOf = (actor: Actor) => memberIdOf(actor, ACCOUNT_MESSAGES.signIn);

  return {
    /** GET /api/user/posts: the member's own posts, listed or not (0146). */
    ownPosts: (actor: Actor, query: OwnPostsQuery) => ownPostsPage(deps.db, memberOf(actor), query),

    /** GET /api/user/export: everything the app keeps of and for the member, as stored. */
    async exportData(actor: Actor, now = new Date()) {
      const userId = memberOf(actor);
      await deps.limiter.hit(`account-export:${userId}`, EXPORTS);
      const data = await repo.exportOf(userId);
      if (!data) throw unauthenticated(ACCOUNT_MESSAGES.signIn);
      return { exportedAt: now.toISOString(), ...data };
    },

    /** GET /api/user/preferences: what the member is mailed. */
    async preferences(actor: Actor): Promise<Preferences> {
      const found = await repo.preferencesOf(memberOf(actor));
      if (!found) throw unauthenticated(ACCOUNT_MESSAGES.signIn);
      return found;
    },

    /** PUT /api/user/preferences: the member's own choice, a suspended member's too. */
    async setPreferences(actor: Actor, input: Preferences): Promise<Preferences> {
      await repo.setPreferences(memberOf(actor), input);
      return input;
    },

    /**
     * POST /api/mail/stop: the link of a message mail turns message mail off for the member it was
     * mailed to, whoever follows it, signed in or not: it is signed for them, and does nothing else (0138).
     */
    async stopMail(query: MailStopQuery): Promise<Preferences> {
      if (!deps.stopLinks.verify(query.u, query.t)) throw forbidden(MAIL_STOP_MESSAGES.invalid);
      const stopped = { mailMessages: false };
      await repo.setPreferences(query.u, stopped);
      return stopped;
    },

    /**
     * PATCH /api/user/me: the name neighbours see on the member's profile, comments and messages,
     * read when they are shown. A post keeps the owner name it was shared with (the post form's
     * own field, filled with the name of the day when left empty), a notification the name it was
     * written with. Every instance reads the member's session again.
     */
    async rename(actor: Actor, input: RenameInput): Promise<RenameResult> {
      assertAllowed(canRename(actor));
      const userId = actor.userId!;
      if (actor.member?.username === input.username) throw badRequest(PROFILE_MESSAGES.sameName);
      await deps.limiter.hit(`rename:${userId}`, RENAMES);
      const badgeDropped = await committed(deps.db, async (tx, announce) => {
        const renamed = await repo.rename(tx, userId, input.username);
        if (!renamed) throw unauthenticated(ACCOUNT_MESSAGES.signIn);
        announce(() => deps.events.publish(SESSION_CHANGED, { userId }));
        // A badge vouches for the member under the name it was given to: a new name goes without
        // it, until an admin gives it again (0146); the same letters in another case keep it.
        // Judged on the row as held, not the session.
        if (!renamed.verified || sameLetters(renamed.was, input.username)) return false;
        const badge = await deps.dropBadge(tx, userId, { from: renamed.was, to: input.username });
        announce(badge.announce);
        return true;
      });
      return { username: input.username, badgeDropped };
    },

    /**
     * DELETE /api/user/me: with the member's password asked again, deletes the account and what
     * goes with it, in one transaction; then every instance drops the member's sessions and posts
     * and closes their live sockets on every device, and their photos are deleted. Payments stay,
     * without the member, for the accounts.
     */
    async deleteAccount(actor: Actor, input: DeleteAccountInput): Promise<void> {
      const userId = memberOf(actor);
      const wrong = () => new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.wrongPassword);
      const checked = await deps.confirmPassword(actor, input.password);
      if (!checked) throw wrong();
      await committed(deps.db, async (tx, announce) => {
        // The member first (still with the password that was checked: a reset since signed this
        // browser out), then their posts: the order moderation takes them, so neither waits on the
        // other in a circle.
        if (!(await holdWithPassword(tx, userId, checked))) throw wrong();
        announce(await deps.removePostsOf(tx, userId));
        await repo.deleteUser(tx, userId);
        announce(() => deps.events.publish(SESSION_CHANGED, { userId }));
        announce(() => deps.events.publish(ACCOUNT_DELETED, { userId }));
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
