import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

const YEAR = 'public, max-age=31536000, immutable';

/** True for requests a browser makes for a page of the single-page app. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/') || url.startsWith('/assets/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app (precompressed gzip/brotli files, long cache on hashed assets) and
 * answers unknown paths: the app's index for pages, JSON 404 for everything else.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { root: string }) {
    const hasWeb = existsSync(path.join(opts.root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.root,
        preCompressed: true,
        index: false,
        wildcard: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? YEAR : 'no-cache');
        },
      });
      app.get('/', (_request, reply) => sendIndex(reply));
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasWeb && wantsPage(request)) return sendIndex(reply);
      return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
