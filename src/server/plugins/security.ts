import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAIL_STOP_API } from '../../domain/account';
import { forbidden } from '../errors';

export const MAP_TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Unsafe calls another site may make: a mail program's one-click unsubscribe may post from a
 * browser engine (RFC 8058); the call reads no cookie, its signed link is the right (docs/decisions/0138).
 */
const CROSS_SITE_ALLOWED = new Set([MAIL_STOP_API]);

type Directive = 'script-src' | 'frame-src' | 'connect-src' | 'img-src';

/**
 * What the payment providers' own scripts need in the page's CSP, and only when they are set up
 * (docs/decisions/0082): Stripe.js and its card frames (https://docs.stripe.com/security/guide#content-security-policy),
 * PayPal's JS SDK and its buttons' frames (https://developer.paypal.com/sdk/js/csp/). Demo mode adds nothing.
 */
export function paymentSources(config: {
  STRIPE_SECRET_KEY?: string | undefined;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
}): Record<Directive, string[]> {
  const sources: Record<Directive, string[]> = { 'script-src': [], 'frame-src': [], 'connect-src': [], 'img-src': [] };
  if (config.STRIPE_SECRET_KEY) {
    sources['script-src'].push('https://js.stripe.com', 'https://*.js.stripe.com');
    sources['frame-src'].push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    sources['connect-src'].push('https://api.stripe.com');
  }
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    sources['script-src'].push('https://*.paypal.com', 'https://*.paypalobjects.com');
    sources['frame-src'].push('https://*.paypal.com');
    sources['connect-src'].push('https://*.paypal.com');
    sources['img-src'].push('https://*.paypal.com', 'https://*.paypalobjects.com');
  }
  return sources;
}

/**
 * The browser features a page and the frames in it may use (Permissions-Policy). Geolocation for
 * the page itself: distances from the viewer ("near me") and the create form's "use my location".
 * Payment only when a provider is set up, for the page and the provider's own frames: Stripe's
 * Payment Element offers Apple Pay and Google Pay inside its frames, through the Payment Request
 * API, which a frame may use only when the page allows it for itself and for the frame's origin;
 * PayPal's SDK already runs in the page (script-src), so naming its frames gives it nothing more.
 * Camera, microphone, screen capture, MIDI and USB are never used: off for everything. The
 * clipboard (Copy Link) and Web Share keep the browser's defaults.
 */
export function permissionsPolicy(config: Parameters<typeof paymentSources>[0]): string {
  const payers = [
    ...(config.STRIPE_SECRET_KEY ? ['"https://js.stripe.com"', '"https://*.js.stripe.com"'] : []),
    ...(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET ? ['"https://*.paypal.com"'] : []),
  ];
  const payment = payers.length > 0 ? ['self', ...payers].join(' ') : '';
  return [
    'camera=()',
    'display-capture=()',
    'geolocation=(self)',
    'microphone=()',
    'midi=()',
    `payment=(${payment})`,
    'usb=()',
  ].join(', ');
}

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

/**
 * The headers helmet sets for `options`, worked out once: none of them depends on the request.
 * (@fastify/helmet builds helmet anew and parses the CSP on every request: 7 % of a small
 * response's CPU time; docs/decisions/0050.)
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * The headers of /api/ responses (JSON, never a page): the page's CSP, framing and cross-origin
 * opener rules mean nothing for them, so they get the short set of the OWASP REST Security Cheat
 * Sheet instead (no-store, a CSP that allows nothing, nosniff, DENY), plus CORP against
 * cross-site reads, and HSTS as the pages have it (docs/decisions/0061).
 */
export function apiHeaders(pageHeaders: ReadonlyArray<[string, string]>): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    // Answers depend on the session (an owner's exact spot, the member's own data): never stored.
    ['cache-control', 'no-store'],
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ];
  const hsts = pageHeaders.find(([name]) => name === 'strict-transport-security');
  if (hsts) headers.push(hsts);
  return headers;
}

export default fp(
  async function securityPlugin(app: FastifyInstance) {
    // HSTS and upgrade-insecure-requests only when the public address is known to be https; not
    // for secureCookies 'auto', where the site may also be reached over plain http (docs/decisions/0060).
    const https = app.config.secureCookies === true;
    const pay = paymentSources(app.config);
    const pageHeaders = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          // Photos come from the CDN in front of the bucket when S3_PUBLIC_URL names one (docs/decisions/0085).
          'img-src': [
            "'self'",
            'data:',
            'blob:',
            ...MAP_TILE_HOSTS,
            ...pay['img-src'],
            ...(app.config.S3_PUBLIC_URL ? [new URL(app.config.S3_PUBLIC_URL).origin] : []),
          ],
          'style-src': ["'self'", "'unsafe-inline'"],
          'script-src': ["'self'", ...pay['script-src']],
          'connect-src': ["'self'", ...pay['connect-src']],
          ...(pay['frame-src'].length > 0 ? { 'frame-src': ["'self'", ...pay['frame-src']] } : {}),
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // PayPal's buttons open PayPal in a pop-up that reports back to this page (https://developer.paypal.com/sdk/js/csp/).
      ...(pay['frame-src'].some((host) => host.includes('paypal'))
        ? { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } }
        : {}),
    });

    pageHeaders.push(['permissions-policy', permissionsPolicy(app.config)]);
    const forApi = apiHeaders(pageHeaders);

    app.addHook('onRequest', (request, reply, done) => {
      const headers = request.url.startsWith('/api/') ? forApi : pageHeaders;
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      if (UNSAFE.has(request.method) && isCrossSite(request, app.config.PUBLIC_URL) && !CROSS_SITE_ALLOWED.has(request.url.split('?', 1)[0]!)) {
        done(forbidden('Cross-site requests are not allowed.'));
        return;
      }
      done();
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
