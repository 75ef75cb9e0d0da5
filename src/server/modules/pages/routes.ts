import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { APP_PATHS, DISMISSED_COOKIE, dismissedIn } from '../../../domain/pages';
import type { PageAnswer, PagesService } from './service';

/**
 * The site's address for canonical links, sitemap and previews: PUBLIC_URL when set, else the
 * address the request came to (its host, and its scheme through a trusted proxy).
 */
export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The pages' HTML, compressed for the browser (each answer has its own head, so per request: well under a millisecond). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const html = Buffer.from(answer.html);
  reply
    .code(answer.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (/\bbr\b/.test(accepts)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts))
    return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/**
 * The web app's pages with their head tags, the sitemap and robots.txt (docs/decisions/0088).
 * `withPages`: a web build exists to answer the pages from.
 */
export const pagesRoutes: FastifyPluginAsync<{
  pages: PagesService;
  publicUrl: string | undefined;
  withPages: boolean;
}> = async (app, { pages, publicUrl, withPages }) => {
  if (withPages) {
    for (const path of APP_PATHS) {
      app.get(path, async (request, reply) => {
        const search = request.url.slice(request.url.split('?')[0]!.length);
        return sendPage(
          request,
          reply,
          await pages.page(
            request.actor,
            originOf(request, publicUrl),
            path,
            search,
            dismissedIn(request.cookies[DISMISSED_COOKIE]),
          ),
        );
      });
    }
  }

  // Named from PUBLIC_URL, the same for everyone: a shared cache may keep them. Named from the
  // request's Host, a cache in front must not: it would serve one forged Host's copy to everyone.
  const siteFileCaching = publicUrl ? 'public, max-age=3600' : 'private, no-cache';

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', siteFileCaching)
      .send(pages.sitemap(originOf(request, publicUrl))),
  );

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', siteFileCaching)
      .send(pages.robots(originOf(request, publicUrl))),
  );
};
