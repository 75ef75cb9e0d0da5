import { z } from 'zod';
import { Email, Password } from './auth';
import { text } from './text';

/** Changing one's password, and choosing a new one from a mailed link (docs/decisions/0135). */
export const PASSWORD_MESSAGES = {
  signIn: 'Please sign in to change your password.',
  currentRequired: 'Please enter your current password.',
  wrongCurrent: 'That is not your current password. Your password was not changed.',
  same: 'Your new password must be different from your current one.',
  resetSent:
    'If an account uses this address, a link to choose a new password is on its way to it. The link works for one hour, once.',
  resetOff: 'Resetting a password by email is not set up on this server. Please ask the site’s owner for help.',
  linkMissing: 'This link is not complete. Copy the whole link from the email, or ask for a new one.',
  linkBad: 'This link has expired or has already been used. Please ask for a new one.',
} as const;

/** How long a mailed link to choose a new password works. */
export const RESET_LINK_MINUTES = 60;

/** PUT /api/user/password: the current password, asked again, and the new one. */
export const ChangePasswordInput = z
  .object({
    currentPassword: text(PASSWORD_MESSAGES.currentRequired).min(1, PASSWORD_MESSAGES.currentRequired).max(200),
    newPassword: Password,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: PASSWORD_MESSAGES.same });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** The answer to a password change: how many other browsers were signed out. */
export const PasswordChanged = z.object({ otherSessionsEnded: z.number().int().nonnegative() });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** POST /api/auth/password-reset: the address to mail a link to. */
export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const PasswordResetInput = z.object({
  token: text(PASSWORD_MESSAGES.linkMissing).min(20, PASSWORD_MESSAGES.linkMissing).max(100, PASSWORD_MESSAGES.linkBad),
  password: Password,
});
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

/** The web page a mailed link opens; the token rides in the fragment, so no server or log ever receives it in a URL. */
export const RESET_PAGE = '/reset-password';
export const resetLink = (origin: string, token: string) => `${origin}${RESET_PAGE}#token=${token}`;
