import type { FastifyRequest } from 'fastify';
import { canPost, canView, deriveSubscription, type AccessSubject, type SubscriptionView } from '../../../domain/access';
import type { Db } from '../../db/client';
import { createGrantsRepository } from './repository';
import { DAY_MS, LIMITS } from '../../../domain/limits';

/**
 * The one access policy entry point for the server (DECISIONS 6-8): who the caller is, what
 * grants they hold, and what that allows. Modules ask here; none reads grants itself.
 */
export function createAccessService(db: Db, postingMode: 'gated' | 'open') {
  const repo = createGrantsRepository(db);

  async function subjectOf(holder: { userId: string | null; sessionId: string | null; isAdmin: boolean }): Promise<AccessSubject> {
    return { isAdmin: holder.isAdmin, grants: await repo.list(holder) };
  }

  return {
    subjectOf,

    async subscriptionOf(userId: string, now = new Date()): Promise<SubscriptionView> {
      return deriveSubscription(await repo.list({ userId, sessionId: null }), now);
    },

    /** The trial every new account gets (spec §1: 7 days from registration). */
    trialGrant(userId: string, now: Date) {
      return {
        userId,
        kind: 'trial' as const,
        startsAt: now,
        endsAt: new Date(now.getTime() + LIMITS.trialDays * DAY_MS),
        source: 'registration',
      };
    },

    addGrant: repo.add,

    async canView(request: FastifyRequest, isAdmin: boolean, now = new Date()): Promise<boolean> {
      const s = request.session;
      return canView(await subjectOf({ userId: s?.userId ?? null, sessionId: s?.id ?? null, isAdmin }), now);
    },

    async canPost(request: FastifyRequest, isAdmin: boolean, now = new Date()): Promise<boolean> {
      const s = request.session;
      return canPost(await subjectOf({ userId: s?.userId ?? null, sessionId: s?.id ?? null, isAdmin }), now, postingMode);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
