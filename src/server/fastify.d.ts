import 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './plugins/rate-limit';
import type { SessionInfo } from './plugins/session';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    rateLimiter: RateLimiter;
  }
  interface FastifyRequest {
    /** The caller's session, from the cookie; null for a guest without one. */
    session: SessionInfo | null;
  }
}
