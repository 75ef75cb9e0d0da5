import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_STOP_API, MAIL_STOP_PAGE } from '../../../domain/account';

/**
 * The link in a message mail that turns message mail off without signing in (docs/decisions/0138):
 * the member's id and an HMAC of it under the session secret. It grants nothing but that, so it
 * needs no expiry and no row; a new SESSION_SECRET voids the links mailed before it.
 */
export function createMailStopLinks(secret: string) {
  const sign = (userId: string) => createHmac('sha256', secret).update(`mail-stop\u0000${userId}`).digest('base64url');
  const query = (userId: string) => `u=${userId}&t=${sign(userId)}`;

  return {
    /** The page a person opens from the mail's text: it asks before it turns mail off. */
    page: (origin: string, userId: string) => `${origin}${MAIL_STOP_PAGE}?${query(userId)}`,

    /**
     * The headers that let a mail program offer its own unsubscribe button (RFC 2369, RFC 8058): a
     * POST to the link turns mail off at once; a program that opens it instead lands on the page.
     */
    headers: (origin: string, userId: string): Record<string, string> => ({
      'List-Unsubscribe': `<${origin}${MAIL_STOP_API}?${query(userId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }),

    /** Whether `token` was signed for this member. */
    verify(userId: string, token: string): boolean {
      const expected = Buffer.from(sign(userId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type MailStopLinks = ReturnType<typeof createMailStopLinks>;
