import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { AppError } from '../errors';

export interface RateRule {
  /** What is limited, for the message: 'sign-in attempts'. */
  what: string;
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws a 429 AppError with Retry-After when over the rule's limit. */
  hit(key: string, rule: RateRule): Promise<void>;
}

/** Fixed windows kept in PostgreSQL, so every app instance shares the same counters. */
export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, rule) {
      const hashed = createHash('sha256').update(key).digest('base64url');
      const seconds = rule.windowMs / 1000;
      const { rows } = await db.execute<{ count: number; retry: number }>(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${hashed}, 1, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
        RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry`);
      const row = rows[0]!;
      if (row.count > rule.limit) {
        const retry = Math.max(1, row.retry);
        const minutes = Math.ceil(retry / 60);
        throw new AppError(
          'RATE_LIMITED',
          `Too many ${rule.what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          { headers: { 'retry-after': String(retry) } },
        );
      }
    },
  };
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    app.decorate('rateLimiter', createRateLimiter(app.db));
    const sweep = setInterval(() => {
      app.db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`).catch((err) => app.log.warn({ err }, 'rate limit sweep failed'));
    }, 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'rate-limit' },
);
