import type { FastifyRequest } from 'fastify';

/**
 * The site's origin for links that leave the page (a provider's return address, a mailed link):
 * PUBLIC_URL when set, else the request's own scheme and host (X-Forwarded-Proto behind a
 * trusted proxy).
 */
export function siteOrigin(request: FastifyRequest, publicUrl?: string): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}
