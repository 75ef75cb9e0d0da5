import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import path from 'node:path';
import { pagesRoutes, sendPage } from '../modules/pages/routes';
import { createPagesService } from '../modules/pages/service';
import { loadTemplates } from '../modules/pages/templates';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * True for a request a browser or a crawler makes for a page: a GET outside the API and the files,
 * that takes HTML (curl's `*\/*` and no Accept at all included).
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/') || url.startsWith('/assets/')) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built web app (precompressed gzip/brotli files, long cache on hashed assets), its
 * pages with their head tags (modules/pages, docs/decisions/0088), and answers unknown paths: the
 * 404 screen for pages, JSON 404 for everything else.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { root: string }) {
    const templates = loadTemplates(opts.root, app.config.defaultOrigin);
    if (templates) {
      await app.register(fastifyStatic, {
        root: opts.root,
        preCompressed: true,
        index: false,
        wildcard: false,
        // The prerendered pages are answered at their own paths, with their head (modules/pages).
        globIgnore: ['pages/**'],
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? YEAR : 'no-cache');
        },
      });
    }
    const pages = createPagesService({ posts: app.posts, templates });
    await app.register(pagesRoutes, { pages, publicUrl: app.config.PUBLIC_URL, withPages: templates !== null });

    app.setNotFoundHandler((request, reply) => {
      if (templates && wantsPage(request)) return sendPage(request, reply, pages.notFound(request.url.split('?')[0]!));
      return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
