import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, conflict, unauthenticated } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { AccessService } from '../access/service';
import { createUsersRepository, type UserRow } from './repository';
import { isAdminUser, type Caller, type CallerUser } from './caller';
import { deriveSubscription, isActive, type Grant } from '../../../domain/access';
import type { LoginInput, PublicUser, RegisterInput } from '../../../domain/auth';
import { isUniqueViolation } from '../../lib/pg-errors';

/** Login throttles as Mastodon has them; registration per address (docs/decisions/005). */
export const RATE_RULES = {
  loginPerIp: { what: 'sign-in attempts', limit: 25, windowMs: 5 * 60_000 },
  loginPerAccount: { what: 'sign-in attempts for this account', limit: 25, windowMs: 60 * 60_000 },
  registerPerIp: { what: 'sign-ups from this address', limit: 20, windowMs: 60 * 60_000 },
} as const;

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

const ARGON2 = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The member as every auth call answers (spec §3 User), from the user and their grants. */
export function publicUserOf(user: CallerUser, grants: readonly Grant[], now = new Date()): PublicUser {
  const sub = deriveSubscription(grants, now);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    subscriptionStatus: sub.subscriptionStatus,
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: sub.subscriptionEndsAt?.toISOString() ?? null,
    isVerified: user.isVerified ? 'true' : 'false',
    verifiedType: user.verifiedType,
    isAdmin: user.isAdmin,
    hasKindnessAccess: grants.some((g) => g.kind === 'kindness' && isActive(g, now)),
    createdAt: user.createdAt.toISOString(),
  };
}

export function createAuthService(deps: { db: Db; access: AccessService; limiter: RateLimiter; adminEmails: string[] }) {
  const repo = createUsersRepository(deps.db);
  const adminEmails = new Set(deps.adminEmails);
  // Verifying against a real hash when the email is unknown keeps both answers equally slow.
  const decoyHash = hash('decoy password, never valid', ARGON2);

  const isAdmin = (row: UserRow) => isAdminUser(row, adminEmails);

  async function toPublicUser(row: UserRow, now = new Date()): Promise<PublicUser> {
    return publicUserOf({ ...row, isAdmin: isAdmin(row) }, await deps.access.grantsOf(row.id), now);
  }

  return {
    toPublicUser,
    isAdmin,

    async register(input: RegisterInput, ip: string): Promise<UserRow> {
      await deps.limiter.hit(`register:ip:${ip}`, RATE_RULES.registerPerIp);
      const passwordHash = await hash(input.password, ARGON2);
      const now = new Date();
      try {
        return await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, passwordHash, createdAt: now })
            .returning();
          await deps.access.addTrial(row!.id, now, tx);
          return row!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },

    async login(input: LoginInput, ip: string): Promise<UserRow> {
      await deps.limiter.hit(`login:ip:${ip}`, RATE_RULES.loginPerIp);
      await deps.limiter.hit(`login:account:${input.email.toLowerCase()}`, RATE_RULES.loginPerAccount);
      const row = await repo.findByEmail(input.email);
      const ok = await verify(row?.passwordHash ?? (await decoyHash), input.password).catch(() => false);
      if (!row || !ok) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
      return row;
    },

    /** GET /api/auth/me: the signed-in caller, from the request's resolved caller (no query). */
    me(caller: Caller | null, now = new Date()): PublicUser {
      if (!caller?.user) throw unauthenticated('Not signed in.');
      return publicUserOf(caller.user, caller.grants, now);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
