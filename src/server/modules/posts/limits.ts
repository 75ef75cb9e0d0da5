import type { Actor } from '../../../domain/actor';
import { canView } from '../../../domain/policy';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';

/**
 * Post writes per member (per address for a guest, who can post under POSTING_ACCESS=open), in
 * PostgreSQL; gated list and map calls per address, in PostgreSQL too, so that the limit holds
 * however many instances share the calls (docs/decisions/0034, 0085).
 */
export const POST_RATE_RULES = {
  createPerWriter: { what: 'new posts', limit: 30, windowMs: 60 * 60_000 },
  changePerWriter: { what: 'changes to posts', limit: 120, windowMs: 60 * 60_000 },
  previewPerAddress: { what: 'preview requests from this address', limit: 300, windowMs: 5 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** The limits the posts service checks before it reads a form, writes a row or reads a gated page. */
export function createPostLimits(limiter: RateLimiter) {
  const writer = (actor: Actor) => (actor.userId ? `user:${actor.userId}` : `ip:${actor.address}`);
  const previewKey = (actor: Actor) => `posts:preview:ip:${actor.address}`;

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
    async preview(actor: Actor, now: Date): Promise<void> {
      if (!canView(actor, now)) await limiter.hit(previewKey(actor), POST_RATE_RULES.previewPerAddress);
    },

    /** The key and rule of that call, for a statement that counts it with more (preview-budget.ts). */
    previewHit: (actor: Actor) => ({ key: previewKey(actor), rule: POST_RATE_RULES.previewPerAddress }),
  };
}

export type PostLimits = ReturnType<typeof createPostLimits>;
