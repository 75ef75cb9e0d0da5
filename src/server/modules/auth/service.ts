import { hash, verify } from '@node-rs/argon2';
import type { Db, Tx } from '../../db/client';
import type { Registration } from '../referrals/service';
import { users } from '../../db/schema/index';
import { AppError, conflict, unauthenticated } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { AccessService } from '../access/service';
import { createUsersRepository, type UserRow } from './repository';
import { deriveSubscription, isActive, type Grant } from '../../../domain/access';
import type { Actor, MemberProfile } from '../../../domain/actor';
import type { LoginInput, PublicUser, RegisterInput, SessionView } from '../../../domain/auth';
import type { PostingMode } from '../../../domain/policy';
import { isUniqueViolation } from '../../lib/pg-errors';
import { ARGON2 } from '../../lib/passwords';
import type { DeviceCookies } from './device-cookies';
import { suspensionOf } from './sessions';
import { isSuspended, type Suspension } from '../../../domain/suspension';

export type { GuestAdopter } from './session-store';
export { holdWithPassword, mailTo, replacePassword, signOutEverywhere, type NewPasswordDeps } from './new-password';
export { maskedAddress, sameAddress } from './email-change';

/**
 * Sign-in and sign-up limits (docs/decisions/0003, 0075). Every attempt counts against its
 * address; failed ones against the browser's device cookie when it has a valid one for the
 * account, else against the account, shared by every browser it has not signed in from.
 */
export const RATE_RULES = {
  loginPerIp: { what: 'sign-in attempts', limit: 25, windowMs: 5 * 60_000 },
  loginPerAccount: { what: 'sign-in attempts for this account', limit: 25, windowMs: 60 * 60_000 },
  loginPerDevice: { what: 'sign-in attempts from this browser', limit: 10, windowMs: 15 * 60_000 },
  registerPerIp: { what: 'sign-ups from this address', limit: 20, windowMs: 60 * 60_000 },
} as const;

/** The count of failed sign-ins that browsers without a device cookie share for an account. */
export const accountFailuresKey = (email: string) => `login:account:${email.toLowerCase()}`;

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

/** The member as every auth call answers (spec §3 User), from their profile and grants. */
export function publicUserOf(account: Account, grants: readonly Grant[], now = new Date()): PublicUser {
  const sub = deriveSubscription(grants, now);
  const { member, suspension } = account;
  return {
    id: account.id,
    username: member.username,
    email: member.email,
    subscriptionStatus: sub.subscriptionStatus,
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: sub.subscriptionEndsAt?.toISOString() ?? null,
    isVerified: member.isVerified ? 'true' : 'false',
    verifiedType: member.verifiedType,
    isAdmin: account.isAdmin,
    hasKindnessAccess: grants.some((g) => g.kind === 'kindness' && isActive(g, now)),
    createdAt: member.createdAt.toISOString(),
    grants: grants.filter((g) => g.kind === 'trial' || g.endsAt === null || g.endsAt > now).map((g) => ({ kind: g.kind, endsAt: g.endsAt?.toISOString() ?? null })),
    inviteCode: member.inviteCode,
    verifiedAt: member.verifiedAt?.toISOString() ?? null,
    suspension: isSuspended(suspension, now) ? { until: suspension.until?.toISOString() ?? null, reason: suspension.reason } : null,
  };
}

/** A member's account as the auth calls answer it. */
interface Account {
  id: string;
  isAdmin: boolean;
  member: MemberProfile;
  suspension: Suspension | null;
}

/** The signed-in actor's own account, or null for a guest. */
function accountOf(actor: Actor): Account | null {
  return actor.userId && actor.member ? { id: actor.userId, isAdmin: actor.isAdmin, member: actor.member, suspension: actor.suspension } : null;
}

/** A sign-in or sign-up that worked: the member, and the device cookie the browser keeps. */
export interface SignedIn {
  user: UserRow;
  device: string;
}

export interface AuthServiceDeps {
  db: Db;
  /** Issues and checks the device cookies of sign-in (0075). */
  devices: DeviceCookies;
  access: AccessService;
  limiter: RateLimiter;
  postingMode: PostingMode;
  instagramUrl?: string;
  /** Whether the owner password is set up (the Owner tab of the access dialog says so). */
  ownerAccess?: boolean;
  /** Whether invitations can be mailed (SMTP_URL). */
  inviteByEmail?: boolean;
  /** Whether a forgotten password can be reset by a mailed link (SMTP_URL and PUBLIC_URL). */
  resetByEmail?: boolean;
  /** Whether new messages are mailed (SMTP_URL): the account page offers to turn that off. */
  mailsMessages?: boolean;
  /** What other areas do in a registration's transaction (a referral, DECISIONS 26). */
  onRegistered?: (tx: Tx, registration: Registration) => Promise<void>;
}

export function createAuthService(deps: AuthServiceDeps) {
  const repo = createUsersRepository(deps.db);
  const { devices } = deps;
  // Verifying against a real hash when the email is unknown keeps both answers equally slow.
  const decoyHash = hash('decoy password, never valid', ARGON2);

  async function toPublicUser(row: UserRow, now = new Date()): Promise<PublicUser> {
    const member: MemberProfile = {
      username: row.username,
      email: row.email,
      isVerified: row.isVerified,
      verifiedType: row.verifiedType,
      verifiedAt: row.verifiedAt,
      createdAt: row.createdAt,
      inviteCode: row.inviteCode,
    };
    const suspension = suspensionOf({ suspended_at: row.suspendedAt, suspended_until: row.suspendedUntil, suspension_reason: row.suspensionReason });
    return publicUserOf({ id: row.id, isAdmin: row.isAdmin, member, suspension }, await deps.access.grantsOf(row.id), now);
  }

  return {
    toPublicUser,

    /** Registers a member with their 7-day trial; `device` is the browser's device cookie, if any. */
    async register(actor: Actor, input: RegisterInput, device?: string): Promise<SignedIn> {
      await deps.limiter.hit(`register:ip:${actor.address}`, RATE_RULES.registerPerIp);
      const passwordHash = await hash(input.password, ARGON2);
      const now = new Date();
      try {
        const user = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, passwordHash, createdAt: now, firstTouch: input.firstTouch ?? null })
            .returning();
          await deps.access.addTrial(row!.id, now, tx);
          await deps.onRegistered?.(tx, {
            friendId: row!.id,
            referralCode: input.referralCode,
            actor,
            signedInHereBefore: (email) => devices.verify(device, email) !== null,
          });
          return row!;
        });
        return { user, device: devices.issue(user.email) };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },

    /**
     * Signs in with email and password. `device` is the browser's device cookie, if any: with a
     * valid one for this account, failures count against that browser alone, so guessing from
     * elsewhere never locks the owner out of a browser they used before (DECISIONS 30).
     */
    async login(actor: Actor, input: LoginInput, device?: string): Promise<SignedIn> {
      await deps.limiter.hit(`login:ip:${actor.address}`, RATE_RULES.loginPerIp);
      const nonce = devices.verify(device, input.email);
      const [failures, rule] = nonce
        ? [`login:device:${nonce}`, RATE_RULES.loginPerDevice]
        : [accountFailuresKey(input.email), RATE_RULES.loginPerAccount];
      // Counted before the password is checked, so guesses sent at once cannot all pass the limit
      // while none has failed yet; a sign-in that works takes its count back (failures count, 0075).
      await deps.limiter.hit(failures, rule);
      const row = await repo.findByEmail(input.email);
      const ok = await verify(row?.passwordHash ?? (await decoyHash), input.password).catch(() => false);
      if (!row || !ok) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
      await deps.limiter.release(failures);
      return { user: row, device: devices.issue(row.email) };
    },

    /** GET /api/auth/me: the signed-in actor's account, from its session (no query); 401 for a guest. */
    me(actor: Actor, now = new Date()): PublicUser {
      const account = accountOf(actor);
      if (!account) throw unauthenticated('Not signed in.');
      return publicUserOf(account, actor.grants, now);
    },

    /** GET /api/session: what the web may know of the actor, a guest included (always 200). */
    session(actor: Actor, now = new Date()): SessionView {
      const account = accountOf(actor);
      return {
        user: account ? publicUserOf(account, actor.grants, now) : null,
        isAdmin: actor.isAdmin,
        grants: actor.grants.map((g) => ({ kind: g.kind, startsAt: g.startsAt.toISOString(), endsAt: g.endsAt?.toISOString() ?? null })),
        postingAccess: deps.postingMode,
        links: { instagram: deps.instagramUrl ?? null },
        features: {
          ownerAccess: deps.ownerAccess ?? false,
          inviteByEmail: deps.inviteByEmail ?? false,
          resetByEmail: deps.resetByEmail ?? false,
          mailsMessages: deps.mailsMessages ?? false,
        },
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
