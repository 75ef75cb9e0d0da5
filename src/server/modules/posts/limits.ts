import type { Actor } from '../../../domain/actor';
import { canView } from '../../../domain/policy';
import { createLocalRateLimiter, type RateLimiter, type RateRule } from '../../plugins/rate-limit';

/**
 * Post writes per member (per address for a guest, who can post under POSTING_ACCESS=open), in
 * PostgreSQL; gated list and map calls per address, in each instance's memory (docs/decisions/0034).
 */
export const POST_RATE_RULES = {
  createPerWriter: { what: 'new posts', limit: 30, windowMs: 60 * 60_000 },
  changePerWriter: { what: 'changes to posts', limit: 120, windowMs: 60 * 60_000 },
  previewPerAddress: { what: 'preview requests from this address', limit: 300, windowMs: 5 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** The limits the posts service checks before it reads a form, writes a row or reads a gated page. */
export function createPostLimits(limiter: RateLimiter) {
  const previews = createLocalRateLimiter(POST_RATE_RULES.previewPerAddress);
  const writer = (actor: Actor) => (actor.userId ? `user:${actor.userId}` : `ip:${actor.address}`);

  return {
    /** One new post (counted before its form is read, so refused forms count too). */
    create(actor: Actor): Promise<void> {
      return limiter.hit(`posts:create:${writer(actor)}`, POST_RATE_RULES.createPerWriter);
    },

    /** One edit, status change or delete; admins clearing spam are not limited. */
    async change(actor: Actor): Promise<void> {
      if (!actor.isAdmin) await limiter.hit(`posts:change:${writer(actor)}`, POST_RATE_RULES.changePerWriter);
    },

    /** One list or map call of an actor without full access; nothing at all for everyone else. */
    preview(actor: Actor, now: Date): void {
      if (!canView(actor, now)) previews.hit(actor.address);
    },
  };
}

export type PostLimits = ReturnType<typeof createPostLimits>;
