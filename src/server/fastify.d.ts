import 'fastify';
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AccessService } from './modules/access/service';
import type { PostsService } from './modules/posts/service';
import type { RateLimiter } from './plugins/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Every route as 'METHOD /path', in the order registered (tests read it). */
    routeList: readonly string[];
    db: Db;
    /** The same pool as `db`, for the few hot queries sent as fixed prepared statements. */
    pool: pg.Pool;
    /** Connections that keep a session: LISTEN and advisory locks (Database.sessionPool). */
    sessionPool: pg.Pool;
    rateLimiter: RateLimiter;
    /** The access policy and grants (modules that sell or give access add grants through it). */
    access: AccessService;
    /** Posts and their read model (areas that add to a post's card register through it). */
    posts: PostsService;
  }
}
