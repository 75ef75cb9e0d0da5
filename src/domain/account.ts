import { z } from 'zod';
import { text } from './text';

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
