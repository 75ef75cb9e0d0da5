import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { UNAVAILABLE_RETRY_SECONDS } from '../errors';
import { cachedCheck } from '../lib/cached-check';

const state = (up: boolean) => (up ? 'up' : 'down');

/**
 * `GET /api/ready` for load balancers (docs/decisions/0085): 200 `{ ok: true, database: 'up',
 * storage: 'up' }` when this instance can serve, 503 with Retry-After and the part that is down
 * otherwise. The database answer is the health monitor's (`/api/health`, docs/decisions/0077), the
 * storage's a probe of the folder or bucket; each at most a second old.
 */
export default fp(
  async function readyPlugin(app: FastifyInstance) {
    const storageUp = cachedCheck(() => app.storage.check());
    app.get('/api/ready', async (_request, reply) => {
      const [database, storage] = await Promise.all([app.databaseHealth.check(), storageUp()]);
      const body = { ok: database && storage, database: state(database), storage: state(storage) };
      if (body.ok) return body;
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_SECONDS)).send(body);
    });
  },
  { name: 'ready', dependencies: ['health', 'storage'] },
);
