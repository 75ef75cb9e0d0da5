import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { IMMUTABLE, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Decorates `app.storage` and serves `GET /uploads/<key>` from it. Keys never change content,
 * so responses are cached for a year. Unknown or malformed keys are a JSON 404.
 */
export default fp(
  async function storagePlugin(app: FastifyInstance, opts: { storage: Storage; serve?: boolean }) {
    app.decorate('storage', opts.storage);
    app.addHook('onClose', async () => opts.storage.close());
    if (opts.serve === false) return;

    app.get('/uploads/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const object = await opts.storage.open(key);
      if (!object) throw notFound('File not found.');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .send(object.stream);
    });
  },
  { name: 'storage', dependencies: ['errors'] },
);
