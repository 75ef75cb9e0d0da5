import { z } from 'zod';
import { GRANT_KINDS } from './access';
import { LIMITS } from './limits';
import { text } from './text';

const EMAIL_MESSAGE = 'Invalid email address';
const PASSWORD_MIN_MESSAGE = `Password must be at least ${LIMITS.passwordMin} characters`;
const USERNAME_MIN_MESSAGE = `Username must be at least ${LIMITS.usernameMin} characters`;

/** Shared by the login/register forms and the server routes (spec §5); an absent field gets the same message. */
export const Email = text(EMAIL_MESSAGE)
  .trim()
  .max(LIMITS.emailMax, 'Email is too long')
  .pipe(z.email(EMAIL_MESSAGE));

export const Password = text(PASSWORD_MIN_MESSAGE)
  .min(LIMITS.passwordMin, PASSWORD_MIN_MESSAGE)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

/** A name is one line of text: it is written into mail (an invitation's first words), notifications and every card. */
export const USERNAME_CONTROL_MESSAGE = 'Username cannot contain line breaks or other control characters';

/**
 * Characters that show nothing, or turn the text around, in a name (docs/decisions/0134): 'Admin\u200b'
 * would pass for an admin's name, and a right-to-left override reverses what follows it. The
 * joiners (U+200C, U+200D) stay: Persian names and emoji need them.
 */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
export const USERNAME_INVISIBLE_MESSAGE = 'Username cannot contain invisible characters';

/** A name with each run of spaces written as one ('Dave  Pallets': 'Dave Pallets'); a single space of any kind is kept. */
export const oneSpaced = (name: string) => name.replace(/\p{Zs}{2,}/gu, ' ');

export const Username = text(USERNAME_MIN_MESSAGE)
  .trim()
  // A run of spaces inside shows as one: 'Dave  Pallets' would be a second 'Dave Pallets' to the
  // eye, names not being unique (docs/decisions/0148).
  .overwrite((v) => oneSpaced(v))
  .min(LIMITS.usernameMin, USERNAME_MIN_MESSAGE)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .refine((v) => !/\p{Cc}/u.test(v.replaceAll('\u0000', '')), USERNAME_CONTROL_MESSAGE) // NUL has text()'s own message
  .refine((v) => !INVISIBLE.test(v), USERNAME_INVISIBLE_MESSAGE);

export const LoginInput = z.object({
  email: Email,
  password: Password,
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Where a visitor first came from (`?ref=` and utm_*), kept on the device until they register. */
export const FirstTouch = z.object({
  source: z.string().trim().max(100).optional(),
  medium: z.string().trim().max(100).optional(),
  campaign: z.string().trim().max(100).optional(),
});
export type FirstTouch = z.infer<typeof FirstTouch>;

export const RegisterInput = z.object({
  username: Username,
  email: Email,
  password: Password,
  /** The invite code of the `?ref=` link the visitor first came by (an unknown one is ignored). */
  referralCode: z.string().trim().max(20).optional(),
  firstTouch: FirstTouch.optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const SubscriptionStatus = z.enum(['trial', 'active', 'expired']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const VerifiedType = z.enum(['arborist', 'business', 'individual']);
export type VerifiedType = z.infer<typeof VerifiedType>;

/** The user object every auth call answers with (spec §3 User + Auth profile). Never a password. */
export const PublicUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  subscriptionStatus: SubscriptionStatus,
  trialEndsAt: z.string().nullable(),
  subscriptionEndsAt: z.string().nullable(),
  /** Text 'true' or 'false', as spec §3 has it. */
  isVerified: z.enum(['true', 'false']),
  verifiedType: VerifiedType.nullable(),
  isAdmin: z.boolean(),
  hasKindnessAccess: z.boolean(),
  createdAt: z.string(),
  /** The member's grants that have not ended, and their trial (issue 16): what they hold, until when. */
  grants: z.array(z.object({ kind: z.enum(GRANT_KINDS), endsAt: z.string().nullable() })),
  /** Their invite code, 'FF' and 6 letters or digits (DECISIONS 26). */
  inviteCode: z.string(),
  /** When their badge was given (DECISIONS 16), or null. */
  verifiedAt: z.string().nullable(),
  /** Their suspension while it holds (issue 19): until when (null: until lifted) and why; null when none. */
  suspension: z.object({ until: z.string().nullable(), reason: z.string() }).nullable(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** A grant as the web sees it (its dates as ISO text). */
export const GrantView = z.object({ kind: z.enum(GRANT_KINDS), startsAt: z.string(), endsAt: z.string().nullable() });
export type GrantView = z.infer<typeof GrantView>;

/**
 * GET /api/session: the actor as the web may know it, for a guest too (200, never 401): the
 * member's account or null, the admin flag and the grants the policy judges (domain/policy.ts),
 * and how posting is gated (DECISIONS 8).
 */
export const SessionView = z.object({
  user: PublicUser.nullable(),
  isAdmin: z.boolean(),
  grants: z.array(GrantView),
  postingAccess: z.enum(['gated', 'open']),
  /** The product's own links from the server's settings: its Instagram account, when it has one. */
  links: z.object({ instagram: z.string().nullable() }),
  /** What this server is set up for: the owner password (dialog 9's Owner tab), mailed invitations, password links and messages. */
  features: z.object({ ownerAccess: z.boolean(), inviteByEmail: z.boolean(), resetByEmail: z.boolean(), mailsMessages: z.boolean() }),
});
export type SessionView = z.infer<typeof SessionView>;

/**
 * Only same-site paths may be used as a post-login redirect target: the target is read as a browser
 * would read it (which drops tabs and line breaks and takes a backslash for a slash, so `/\t/evil`
 * is `//evil`), and kept only when it stays on this site, as its path, query and fragment.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/')) return fallback;
  const site = 'https://this-site.invalid';
  try {
    const url = new URL(target, site);
    return url.origin === site ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
