import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie that marks a browser a member signed in from before (docs/decisions/0075). */
export const DEVICE_COOKIE = 'device';
/** A year: a browser stays known while it is used now and then. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const encode = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful sign-in the browser gets `<login name>.<nonce>.<signature>`, signed with the session
 * secret. A later sign-in for the same login name that carries a valid one is judged on the
 * device's own limit; every other attempt shares the account's.
 */
export function createDeviceCookies(secret: string) {
  const sign = (name: string, nonce: string) => createHmac('sha256', secret).update(`device\u0000${name}\u0000${nonce}`).digest('base64url');
  const nameOf = (email: string) => email.trim().toLowerCase();

  return {
    /** A new device cookie for the login name. */
    issue(email: string): string {
      const name = nameOf(email);
      const nonce = randomBytes(16).toString('base64url');
      return `${encode(name)}.${nonce}.${sign(name, nonce)}`;
    },

    /** The device's nonce when `token` is a valid device cookie for this login name, else null. */
    verify(token: string | undefined, email: string): string | null {
      const [name, nonce, signature, ...rest] = (token ?? '').split('.');
      if (!name || !nonce || !signature || rest.length > 0) return null;
      if (name !== encode(nameOf(email))) return null;
      const expected = Buffer.from(sign(nameOf(email), nonce));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
