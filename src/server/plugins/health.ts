import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability';
import { createDatabaseHealth, type DatabaseHealth } from '../db/health';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database answers, from probes at most a second old (GET /api/health, /api/ready). */
    databaseHealth: DatabaseHealth;
  }
}
import { UNAVAILABLE_RETRY_SECONDS } from '../errors';

/**
 * `GET /api/health` (docs/decisions/0077): 200 `{ ok: true, database: 'up' }`, or 503
 * `{ ok: false, database: 'down' }` with Retry-After while the database cannot be reached, from a
 * probe at most a second old, so a load balancer or orchestrator stops sending requests here.
 * Requests that fail for want of the database, and pooled connections that break, report it; the
 * outage is logged once.
 */
export default fp(
  async function healthPlugin(app: FastifyInstance) {
    const health = createDatabaseHealth({ probe: () => app.pool.query('SELECT 1'), log: app.log });
    app.decorate('databaseHealth', health);
    app.addHook('onError', (_request, _reply, err, done) => {
      if (isDatabaseUnavailable(err)) health.reportUnreachable();
      done();
    });
    // An idle pooled connection that breaks is often the first sign, before any request fails.
    app.pool.on('error', () => health.reportUnreachable());
    app.addHook('onClose', (_instance, done) => {
      health.close();
      done();
    });
    app.get('/api/health', async (_request, reply) => {
      if (await health.check()) return { ok: true, database: 'up' };
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_SECONDS)).send({ ok: false, database: 'down' });
    });
  },
  { name: 'health' },
);
