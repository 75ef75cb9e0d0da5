import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';

export const MAP_TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when an unsafe request comes from another site (CSRF). Requests without browser headers pass. */
export function isCrossSite(request: FastifyRequest, publicUrl?: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const allowed = new Set([request.headers.host]);
  if (publicUrl) allowed.add(new URL(publicUrl).host);
  return !allowed.has(originHost);
}

export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const https = app.config.secureCookies;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:', ...MAP_TILE_HOSTS],
          'style-src': ["'self'", "'unsafe-inline'"],
          'script-src': ["'self'"],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', async (request) => {
      if (UNSAFE.has(request.method) && isCrossSite(request, app.config.PUBLIC_URL)) {
        throw forbidden('Cross-site requests are not allowed.');
      }
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
