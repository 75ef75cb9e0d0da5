import { verify } from '@node-rs/argon2';
import { KINDNESS, OWNER_ACCESS, isActive, type Grant, type GrantKind } from '../../../domain/access';
import type { Actor } from '../../../domain/actor';
import { DAY_MS, LIMITS } from '../../../domain/limits';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { EventBus } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import { createGrantsRepository, type Executor, type Holder, type NewGrant } from './repository';

export type { Holder };

export const ACCESS_RATES = {
  /** One kindness grant a day per network address, so scripts cannot farm it (issue 16). */
  kindnessPerAddress: { what: 'free access requests from this network', limit: 1, windowMs: DAY_MS },
  /** Wrong owner passwords per address (counted on failure only, as sign-ins are). */
  ownerFailures: { what: 'owner password attempts', limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateRule>;

/** Who holds what the actor gains: the member, else the guest's session; null without either. */
export const holderOf = (actor: Pick<Actor, 'userId' | 'sessionId'>): Holder | null =>
  actor.userId ? { userId: actor.userId } : actor.sessionId ? { sessionId: actor.sessionId } : null;

/** Timed access a new timed grant follows on from, so that passes add up rather than overlap. */
const TIMED_ACCESS: readonly GrantKind[] = ['trial', 'day', 'kindness'];

export interface AccessServiceDeps {
  db: Db;
  events: EventBus;
  limiter: RateLimiter;
  /** argon2id hash of the owner password (OWNER_PASSWORD_HASH); without it owner access is off. */
  ownerPasswordHash?: string;
}

/**
 * Grants (DECISIONS 6): who holds which access, and until when. What they allow is the policy's
 * to say (domain/policy.ts); the grants of the asking actor come with its session (one query per
 * request, modules/auth/sessions.ts). Every change is announced on the EventBus (SESSION_CHANGED)
 * once committed, so cached sessions on every instance see it at once.
 */
export function createAccessService(deps: AccessServiceDeps) {
  const repo = createGrantsRepository(deps.db);

  /** Tells every instance that the holder's grants changed. */
  const announce = (holder: Holder) => deps.events.publish(SESSION_CHANGED, { userId: holder.userId, sessionId: holder.sessionId });

  function holderFor(actor: Actor, message: string): Holder {
    const holder = holderOf(actor);
    if (!holder) throw badRequest(message);
    return holder;
  }

  return {
    announce,

    /** Every grant a member holds, ended ones included. */
    grantsOf(userId: string): Promise<Grant[]> {
      return repo.list({ userId, sessionId: null });
    },

    /** A new account's trial (spec §1: 7 days), inside its registration transaction: no one can have cached it yet. */
    async addTrial(userId: string, now: Date, tx: Executor): Promise<void> {
      await repo.add({ userId }, { kind: 'trial', startsAt: now, endsAt: new Date(now.getTime() + LIMITS.trialDays * DAY_MS), source: 'registration' }, tx);
    },

    /** Adds a grant and tells every instance, so the holder's access changes at once. */
    async addGrant(holder: Holder, grant: NewGrant): Promise<void> {
      await repo.add(holder, grant);
      await announce(holder);
    },

    /** Adds a grant inside the caller's transaction; the caller announces it once committed. */
    grantIn: (tx: Tx, holder: Holder, grant: NewGrant) => repo.add(holder, grant, tx),

    /**
     * Adds `days` of timed access in `tx`, after the timed access the holder already has (a pass
     * bought during a trial starts when the trial ends), unless they hold access that never ends.
     */
    async extendIn(tx: Tx, holder: Holder, kind: 'day' | 'kindness', ms: number, source: string, now = new Date()): Promise<void> {
      await repo.lockHolder(holder, tx);
      const end = await repo.latestEnd(holder, TIMED_ACCESS, now, tx);
      const startsAt = end instanceof Date && end > now ? end : now;
      await repo.add(holder, { kind, startsAt, endsAt: new Date(startsAt.getTime() + ms), source }, tx);
    },

    /**
     * In `tx`: holds the holder's grants until `tx` ends (lockHolder), so that what the holder buys
     * or is given at once is decided one after the other; false when a guest's session has gone.
     */
    holdIn: (tx: Tx, holder: Holder): Promise<boolean> => repo.lockHolder(holder, tx),

    /** In `tx`: holds the holder's grants (until `tx` ends) and says whether they hold one of `kinds`. */
    async holdsIn(tx: Tx, holder: Holder, kinds: readonly GrantKind[], now = new Date()): Promise<boolean> {
      await repo.lockHolder(holder, tx);
      return repo.holds(holder, kinds, now, tx);
    },

    /** The holder's unspent referral credit, in cents. */
    creditCents: (holder: Holder) => repo.creditCents(holder),

    /** Spends `cents` of credit in `tx`; false (nothing spent) when the holder has less. */
    async spendCreditIn(tx: Tx, holder: Holder, cents: number, now = new Date()): Promise<boolean> {
      const credits = await repo.credits(holder, tx);
      const spent: string[] = [];
      let total = 0;
      for (const credit of credits) {
        if (total >= cents) break;
        spent.push(credit.id);
        total += credit.amountCents;
      }
      if (total < cents) return false;
      // Credits come in $3 units and $3 products take one; a larger credit would be spent whole.
      await repo.end(spent, now, tx);
      return true;
    },

    /**
     * POST /api/grant-kindness-access (spec §4, issue 16): 24 hours of viewing and posting, no
     * questions asked; not while the holder has had one in the last 24 hours, and once a day per
     * network address. The holder's grants are held while it is decided, so asks sent at once
     * (from several networks) are judged one after the other: one is given, the others hear so.
     */
    async kindness(actor: Actor, now = new Date()): Promise<{ endsAt: Date }> {
      const holder = holderFor(actor, KINDNESS.noSession);
      const endsAt = new Date(now.getTime() + KINDNESS.hours * 3_600_000);
      await deps.db.transaction(async (tx) => {
        if (!(await repo.lockHolder(holder, tx))) throw badRequest(KINDNESS.noSession);
        const last = await repo.lastGiven(holder, 'kindness', tx);
        const member = actor.userId !== null;
        if (last && now.getTime() - last.getTime() < KINDNESS.hours * 3_600_000) throw new AppError('CONFLICT', member ? KINDNESS.alreadyHereMember : KINDNESS.alreadyHere);
        try {
          await deps.limiter.hit(`kindness:ip:${actor.address}`, ACCESS_RATES.kindnessPerAddress);
        } catch (err) {
          if (err instanceof AppError && err.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', member ? KINDNESS.alreadyAddressMember : KINDNESS.alreadyAddress, { headers: err.headers });
          throw err;
        }
        await repo.add(holder, { kind: 'kindness', startsAt: now, endsAt, source: 'kindness' }, tx);
      });
      await announce(holder);
      return { endsAt };
    },

    /** Whether the owner password is set up (the Owner tab says so when it is not). */
    ownerAccessEnabled: deps.ownerPasswordHash !== undefined,

    /**
     * POST /api/verify-admin (spec §2 dialog 9, DECISIONS 4): the owner password gives free,
     * unlimited posting to whoever knows it. Wrong passwords are limited per address: each attempt
     * is counted before its password is checked (so many sent at once cannot all pass the limit
     * while none has failed yet), and the right one takes its count back. One owner grant per
     * holder: whether they have one is read with their grants held, so the password sent twice
     * at once (a double click, two tabs) gives one, and both hear it was granted.
     */
    async verifyOwner(actor: Actor, password: string, now = new Date()): Promise<void> {
      if (!deps.ownerPasswordHash) throw notFound(OWNER_ACCESS.notConfigured);
      const holder = holderFor(actor, KINDNESS.noSession);
      const attempts = `owner:ip:${actor.address}`;
      await deps.limiter.hit(attempts, ACCESS_RATES.ownerFailures);
      const ok = await verify(deps.ownerPasswordHash, password).catch(() => false);
      if (!ok) throw new AppError('UNAUTHENTICATED', OWNER_ACCESS.wrong);
      await deps.limiter.release(attempts);
      if (actor.grants.some((g) => g.kind === 'owner' && isActive(g, now))) return;
      const given = await deps.db.transaction(async (tx) => {
        if (!(await repo.lockHolder(holder, tx))) throw badRequest(KINDNESS.noSession);
        if (await repo.holds(holder, ['owner'], now, tx)) return false;
        await repo.add(holder, { kind: 'owner', startsAt: now, endsAt: null, source: 'owner-password' }, tx);
        return true;
      });
      if (given) await announce(holder);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
