import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Whether this request's cookies carry `Secure` (docs/decisions/0060): always with an https
 * PUBLIC_URL, per request behind a trusted proxy without one ('auto'), never in development.
 */
export const cookiesSecure = (config: Pick<Config, 'secureCookies'>, request: FastifyRequest): boolean =>
  config.secureCookies === true || (config.secureCookies === 'auto' && request.protocol === 'https');

/**
 * A cookie's name for this request (docs/decisions/0134): over https the browser's cookie prefixes
 * hold it to this host and to https, so a sibling subdomain or a plain-http page cannot plant one.
 * `__Host-` needs `Path=/`; a cookie on a narrower path takes `__Secure-`.
 */
export const cookieName = (name: string, secure: boolean, path: '/' | 'narrower' = '/'): string =>
  secure ? `${path === '/' ? '__Host-' : '__Secure-'}${name}` : name;
