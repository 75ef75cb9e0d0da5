import 'fastify';
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './plugins/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The same pool as `db`, for the few hot queries sent as fixed prepared statements. */
    pool: pg.Pool;
    rateLimiter: RateLimiter;
  }
}
