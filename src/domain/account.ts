import { z } from 'zod';
import type { Grant } from './access';
import { Email, Username } from './auth';
import { uuidField } from './id-schemas';
import { POLICY_MESSAGES } from './policy';
import { text } from './text';

/**
 * What deleting an account takes and what it keeps (DECISIONS 17): the moderators' log keeps the
 * names and titles on its decisions as they were (migration 0013), and an admin's address stays on
 * record against its reuse for the role (docs/decisions/0122, 0143).
 */
export const DELETE_ACCOUNT_TEXT = {
  body: "Deleting your account removes it at once and for good, with your posts and their photos, your favourites, comments and ratings, and your conversations (the members you wrote to no longer see them). Receipts of payments are kept without your name, as the accounts require, and the moderators' log keeps your name, a post's title or a business's name, and the words of a comment an admin removed, on any decision about them. Download your data first if you want a copy.",
  admin: "As an admin, your name also stays on the decisions you made, and your email address is kept so that an account registered with it later is not made an admin.",
} as const;

/**
 * What of the access a member paid for or earned goes with their account, or null for none: a
 * member who paid for lifetime access should not learn after closing that a new account starts
 * without it (0150). Unspent referral credit is a grant without an end.
 */
export function accessLostText(grants: readonly Grant[], now: Date): string | null {
  const held = (kind: Grant['kind']) => grants.some((g) => g.kind === kind && (g.endsAt === null || g.endsAt > now));
  if (held('lifetime')) return 'Your lifetime access goes with it and is not refunded: a new account would start without it.';
  if (held('owner')) return 'Your owner access goes with it: a new account would start without it.';
  const [access, credit] = [held('day'), held('credit')];
  if (access && credit)
    return 'The access you paid for or earned by inviting friends, and your unspent referral credit, go with it and are not refunded.';
  if (access) return 'The access you paid for or earned by inviting friends goes with it and is not refunded.';
  return credit ? 'Your unspent referral credit goes with it.' : null;
}

/** Closing an account and taking one's data (DECISIONS 17). */
export const ACCOUNT_MESSAGES = {
  signIn: 'Please sign in to manage your account.',
  passwordRequired: 'Please enter your password to confirm.',
  wrongPassword: 'That password is not right. Your account was not deleted.',
  deleted: 'Your account and everything you shared have been deleted.',
} as const;

/** DELETE /api/user/me: the member's password, asked again, so a borrowed browser cannot close the account. */
export const DeleteAccountInput = z.object({
  password: text(ACCOUNT_MESSAGES.passwordRequired).min(1, ACCOUNT_MESSAGES.passwordRequired).max(200),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** The file name of a member's data export, with the day it was made. */
export const exportFileName = (now: Date) => `free-fruit-my-data-${now.toISOString().slice(0, 10)}.json`;

/** A member's name and email on the account page (docs/decisions/0136). */
export const PROFILE_MESSAGES = {
  signIn: POLICY_MESSAGES.signInToRename,
  passwordRequired: 'Please enter your password to confirm.',
  wrongPassword: 'That password is not right. Your email was not changed.',
  sameEmail: 'That is already your email.',
  sameName: 'That is already your name.',
} as const;

/** What the account page says of a saved name: one full stop, whether or not the name ends with one ('Alice P.'). */
export const renamedText = (username: string) => `Neighbours now see you as ${username}${/[.!?]$/.test(username) ? '' : '.'}`;

/** PATCH /api/user/me: the name neighbours see, under the rules of registration. */
export const RenameInput = z.object({ username: Username });
export type RenameInput = z.infer<typeof RenameInput>;

/** What a rename did: the name saved, and whether the member's badge went with the old name (0146). */
export const RenameResult = z.object({ username: z.string(), badgeDropped: z.boolean() });
export type RenameResult = z.infer<typeof RenameResult>;

/** Said beside the name of a verified member, and after a rename took their badge. */
export const BADGE_WITH_NAME = {
  warning: (badge: string) => `Your ${badge} badge was given to you under this name: a new name goes without it, until you ask for it again and an admin checks.`,
  dropped: 'Your badge was removed with the old name. Ask for it again from your profile.',
} as const;

/** PUT /api/user/email: the new email, the password asked again (the email is how the member signs in). */
export const ChangeEmailInput = z.object({
  email: Email,
  password: text(PROFILE_MESSAGES.passwordRequired).min(1, PROFILE_MESSAGES.passwordRequired).max(200),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

/** GET and PUT /api/user/preferences: what the member is mailed (docs/decisions/0137). */
export const Preferences = z.object({
  /** A new message is mailed (the first unread of a conversation), when this server mails. */
  mailMessages: z.boolean({ error: 'Say whether new messages are mailed to you (true or false)' }),
});
export type Preferences = z.infer<typeof Preferences>;

/** The page of the link in every message mail that turns message mail off without signing in (docs/decisions/0138). */
export const MAIL_STOP_PAGE = '/mail/stop';
/** Where that link is posted, by the page or by a mail program's own button (RFC 8058). */
export const MAIL_STOP_API = '/api/mail/stop';

export const MAIL_STOP_MESSAGES = {
  invalid: 'This link is not valid. You can turn message mail off on your account page.',
  stopped: 'Message mail is off. New messages still wait for you in your inbox.',
} as const;

/** POST /api/mail/stop?u=…&t=…: the member the link was mailed to, and its signature. */
export const MailStopQuery = z.object({
  u: uuidField(MAIL_STOP_MESSAGES.invalid),
  t: z.string({ error: MAIL_STOP_MESSAGES.invalid }).regex(/^[\w-]{43}$/, MAIL_STOP_MESSAGES.invalid),
});
export type MailStopQuery = z.infer<typeof MailStopQuery>;

/** GET /api/mail/stop: the link as a mail program opened it, passed on to the page, which says what is wrong with it. */
export const MailStopLinkAsOpened = z.object({ u: z.string().max(100).optional().catch(undefined), t: z.string().max(100).optional().catch(undefined) });
