import { canPost, canView, type AccessSubject, type Grant, type GrantKind } from '../../../domain/access';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { CALLER_CHANGED, type Caller } from '../auth/caller';
import { createGrantsRepository, type Executor } from './repository';
import { DAY_MS, LIMITS } from '../../../domain/limits';

/**
 * The one access policy entry point for the server (DECISIONS 6-8): what the caller's grants
 * allow. The grants come with the caller (one query per request, modules/auth/caller.ts);
 * every grant written here is announced on the EventBus so cached callers see it at once.
 */
export function createAccessService(db: Db, postingMode: 'gated' | 'open', events: EventBus) {
  const repo = createGrantsRepository(db);

  const subjectOf = (caller: Caller | null): AccessSubject => ({ isAdmin: caller?.user?.isAdmin ?? false, grants: caller?.grants ?? [] });

  /** The trial every new account gets (spec §1: 7 days from registration). */
  const trialGrant = (userId: string, now: Date) => ({
    userId,
    kind: 'trial' as const,
    startsAt: now,
    endsAt: new Date(now.getTime() + LIMITS.trialDays * DAY_MS),
    source: 'registration',
  });

  return {
    subjectOf,
    trialGrant,

    /** Every grant a member holds, ended ones included. */
    grantsOf(userId: string): Promise<Grant[]> {
      return repo.list({ userId, sessionId: null });
    },

    /** A new account's trial, inside its registration transaction: no one can have cached it yet. */
    async addTrial(userId: string, now: Date, tx: Executor): Promise<void> {
      await repo.add(trialGrant(userId, now), tx);
    },

    /** Adds a grant and tells every instance, so the holder's access changes at once. */
    async addGrant(values: { userId?: string; sessionId?: string; kind: GrantKind; startsAt: Date; endsAt: Date | null; source: string }): Promise<void> {
      await repo.add(values);
      await events.publish(CALLER_CHANGED, { userId: values.userId, sessionId: values.sessionId });
    },

    canView(caller: Caller | null, now = new Date()): boolean {
      return canView(subjectOf(caller), now);
    },

    canPost(caller: Caller | null, now = new Date()): boolean {
      return canPost(subjectOf(caller), now, postingMode);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
