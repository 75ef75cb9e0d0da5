import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { executePrepared } from '../db/prepared';
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
  /**
   * Takes back one hit on `key`: an attempt counted before it was known to fail (a password), which
   * then succeeded. Counting first keeps a burst from passing the limit while none has failed yet.
   */
  release(key: string): Promise<void>;
  /** Starts `key`'s count again: what it limited is over (the account's password chosen anew, say). */
  clear(key: string): Promise<void>;
}

/** A limit's key as rate_limits stores it: hashed, so no address or name is kept in the clear. */
export const rateKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** Fixed windows kept in PostgreSQL (SQL rate_hit), so every app instance shares the same counters. */
export function createRateLimiter(db: Db): RateLimiter {
  return {
    async release(key) {
      await executePrepared(db, 'rate_release', sql`
        UPDATE rate_limits SET count = count - 1 WHERE key = ${rateKey(key)} AND reset_at > now() AND count > 0`);
    },

    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${rateKey(key)}`);
    },

    async hit(key, rule) {
      const [row] = await executePrepared<{ hits: number; retry: number }>(db, 'rate_hit', sql`
        SELECT hits, retry FROM rate_hit(${rateKey(key)}, ${rule.windowMs / 1000})`);
      assertWithinLimit(rule, row!);
    },
  };
}

/** The verdict on a hit (SQL rate_hit's answer): the rule's 429 when it went over the limit. */
export function assertWithinLimit(rule: RateRule, hit: { hits: number; retry: number }): void {
  if (hit.hits > rule.limit) throw rateLimited(rule, hit.retry);
}

/** The 429 of every limit: 'Too many sign-in attempts. Please try again in 5 minutes.', with Retry-After. */
export function rateLimited(rule: Pick<RateRule, 'what'>, retrySeconds: number): AppError {
  const retry = Math.max(1, Math.ceil(retrySeconds));
  const minutes = Math.ceil(retry / 60);
  return new AppError('RATE_LIMITED', `Too many ${rule.what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(retry) },
  });
}

/**
 * The key of a per-address limit: an IPv4 address as it is, an IPv6 one by its /64 (one home or
 * host usually holds a whole /64, so counting single addresses would let it choose new ones).
 */
export function addressKey(ip: string | undefined): string {
  // A request whose socket is already gone may have no address left.
  const address = (ip ?? 'unknown').split('%')[0]!;
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const prefix = [...left, ...zeros, ...right].slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    app.decorate('rateLimiter', createRateLimiter(app.db));
    app.jobs.add({ name: 'rate-limits-ended', everyMs: 10 * 60_000, run: () => app.db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`) });
  },
  { name: 'rate-limit', dependencies: ['jobs'] },
);
