import type { Grant, GrantKind } from '../../../domain/access';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { SESSION_CHANGED } from '../../events/topics';
import { createGrantsRepository, type Executor } from './repository';
import { DAY_MS, LIMITS } from '../../../domain/limits';

/**
 * Grants (DECISIONS 6): who holds which access, and until when. What they allow is the policy's
 * to say (domain/policy.ts); the grants of the asking actor come with its session (one query per
 * request, modules/auth/sessions.ts). Every grant written here is announced on the EventBus so
 * cached sessions see it at once.
 */
export function createAccessService(db: Db, events: EventBus) {
  const repo = createGrantsRepository(db);

  /** The trial every new account gets (spec §1: 7 days from registration). */
  const trialGrant = (userId: string, now: Date) => ({
    userId,
    kind: 'trial' as const,
    startsAt: now,
    endsAt: new Date(now.getTime() + LIMITS.trialDays * DAY_MS),
    source: 'registration',
  });

  return {
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
      await events.publish(SESSION_CHANGED, { userId: values.userId, sessionId: values.sessionId });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
