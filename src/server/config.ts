import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { HOME_ORIGIN, type NamedPlace } from '../domain/geo';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const LatLng = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/, 'must be "lat,lng", e.g. "43.6532,-79.3832"')
  .transform((v) => {
    const [lat, lng] = v.split(',').map(Number) as [number, number];
    return { lat, lng };
  })
  .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, 'latitude must be within ±90 and longitude within ±180');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an address, a CIDR range, or one of proxy-addr's names (loopback, …). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const TRUST_PROXY_MESSAGE = 'must be true, false or a comma list of proxy addresses (IP or CIDR, e.g. 10.0.0.0/8)';
const HOPS_MESSAGE =
  'a number of hops is not supported (Fastify 5 ignores X-Forwarded-* for hop counts): list the proxy addresses, e.g. 10.0.0.0/8';

/**
 * Fastify's `trustProxy` (docs/decisions/0060): off by default; `true` believes X-Forwarded-* from
 * any peer, a comma list only from those proxies.
 */
const TrustProxy = optionalText.transform((v, ctx): boolean | string[] => {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  const entries = v.split(',').map((e) => e.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: 'custom', message: /^\d+$/.test(v) ? HOPS_MESSAGE : TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

const ORIGIN_PAIR_MESSAGE =
  'DEFAULT_ORIGIN and DEFAULT_ORIGIN_NAME go together: the point and how the app names it, e.g. "49.2827,-123.1207" and "downtown Vancouver"';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .regex(/^(\[?[0-9a-fA-F:.]+\]?|[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)$/, 'must be an address or a host name, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost')
    .default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  /** Straight to PostgreSQL when DATABASE_URL goes through a transaction pooler: LISTEN and advisory locks need a session (docs/decisions/0085). */
  DATABASE_DIRECT_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  POSTING_ACCESS: z.enum(['gated', 'open']).default('gated'),
  OWNER_PASSWORD_HASH: optionalText.refine(
    (v) => v === undefined || v.startsWith('$argon2'),
    'must be the hash `npm run owner-password` prints, starting with $argon2id$ (quote it in a .env file; write each $ as $$ in a compose file)',
  ),
  ADMIN_EMAILS: optionalText.transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  /** PayPal's sandbox (default) or its live API. */
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The id PayPal gave the webhook (its signature is checked with it); webhooks are refused without it. */
  PAYPAL_WEBHOOK_ID: optionalText,
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587' }).optional(),
  ),
  /** The sender of the product's mail (with SMTP_URL): an address, or a name and <address>. */
  MAIL_FROM: optionalText
    .refine((v) => v === undefined || z.email().safeParse(v.match(/<([^<>]+)>\s*$/)?.[1] ?? v).success, 'must be an email address, or a name and <address>')
    .transform((v) => v ?? 'Free Fruit <no-reply@localhost>'),
  /** Photos in an S3-compatible bucket when S3_BUCKET is set (docs/decisions/0085); the local folder otherwise. */
  S3_ENDPOINT: optionalText.pipe(z.url('must be a URL such as https://s3.example.org').optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO-style servers want, instead of in the host name. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Where browsers fetch photos (a CDN in front of the bucket); unset: the app serves them at /uploads/. */
  S3_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** The bearer token GET /metrics asks for; unset: /metrics is not served. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  GEOCODER_URL: optionalText.pipe(z.url('must be a URL').optional()),
  DEFAULT_ORIGIN: optionalText.pipe(LatLng.optional()),
  /** How the app names DEFAULT_ORIGIN: 'Distances from downtown Toronto — …'. */
  DEFAULT_ORIGIN_NAME: optionalText.pipe(z.string().max(60, 'must be at most 60 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be a URL such as https://example.org' }).optional()),
  /** The product's Instagram account (spec §2 share menu "follow us"); the item shows only when set. */
  INSTAGRAM_URL: optionalText.pipe(
    z.url({ protocol: /^https$/, hostname: /^(www\.)?instagram\.com$/, error: 'must be an https://www.instagram.com/… address' }).optional(),
  ),
  TRUST_PROXY: TrustProxy,
  /** Load the small demo set into an empty database at start (off in tests). */
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
}).superRefine((env, ctx) => {
  const s3 = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;
  const without = s3.filter((key) => env[key] !== undefined);
  if (!env.S3_BUCKET && without.length > 0) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is needed with ${without.join(', ')}` });
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  // Half a provider's keys would start a site that cannot take payments, or one in demo mode.
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_PUBLISHABLE_KEY === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together' });
  }
  if (env.STRIPE_WEBHOOK_SECRET !== undefined && env.STRIPE_SECRET_KEY === undefined) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is needed with STRIPE_WEBHOOK_SECRET' });
  }
  if ((env.PAYPAL_CLIENT_ID === undefined) !== (env.PAYPAL_CLIENT_SECRET === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['PAYPAL_CLIENT_SECRET'], message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together' });
  }
  if (env.PAYPAL_WEBHOOK_ID !== undefined && env.PAYPAL_CLIENT_ID === undefined) {
    ctx.addIssue({ code: 'custom', path: ['PAYPAL_CLIENT_ID'], message: 'is needed with PAYPAL_WEBHOOK_ID' });
  }
  if ((env.DEFAULT_ORIGIN === undefined) !== (env.DEFAULT_ORIGIN_NAME === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['DEFAULT_ORIGIN_NAME'], message: ORIGIN_PAIR_MESSAGE });
  }
});

export type Env = z.output<typeof EnvSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'DATA_DIR' | 'DEFAULT_ORIGIN' | 'DEFAULT_ORIGIN_NAME'> {
  DATA_DIR: string;
  SESSION_SECRET: string;
  /** DEFAULT_ORIGIN named DEFAULT_ORIGIN_NAME, or downtown Toronto (docs/decisions/0121). */
  defaultOrigin: NamedPlace;
  /**
   * `Secure` on session cookies (docs/decisions/0060): true when PUBLIC_URL is https; 'auto' (per
   * request, from X-Forwarded-Proto) in production behind a trusted proxy without PUBLIC_URL.
   */
  secureCookies: boolean | 'auto';
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops start-up naming the setting. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** SESSION_SECRET, or one generated once and kept in DATA_DIR (docs/decisions/0002). */
function resolveSessionSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Where distances are measured from without the viewer's place (docs/decisions/0121): the setting, or downtown Toronto. */
export const defaultOriginOf = ({ DEFAULT_ORIGIN, DEFAULT_ORIGIN_NAME }: Pick<Env, 'DEFAULT_ORIGIN' | 'DEFAULT_ORIGIN_NAME'>): NamedPlace =>
  DEFAULT_ORIGIN && DEFAULT_ORIGIN_NAME ? { ...DEFAULT_ORIGIN, name: DEFAULT_ORIGIN_NAME } : HOME_ORIGIN;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const config = toolConfigOf(parsed);
  return { ...config, SESSION_SECRET: resolveSessionSecret(parsed, config.DATA_DIR) };
}

/** The settings of a command-line tool, which signs no cookie: all but SESSION_SECRET. */
export type ToolConfig = Omit<Config, 'SESSION_SECRET'>;

/**
 * The settings for a command-line tool (admin, backup, restore, …): as `loadConfig`, without the
 * session secret, so that a mistyped DATA_DIR is not created to hold a new one (and a tool that
 * refuses leaves nothing behind).
 */
export const loadToolConfig = (env: NodeJS.ProcessEnv = process.env): ToolConfig => toolConfigOf(parseEnv(env));

function toolConfigOf(env: Env): ToolConfig {
  const { DEFAULT_ORIGIN, DEFAULT_ORIGIN_NAME, SESSION_SECRET: _secret, ...parsed } = env;
  const dataDir = path.resolve(parsed.DATA_DIR);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: ${dataDir} is a file, not a folder`);
  }
  return {
    ...parsed,
    defaultOrigin: defaultOriginOf({ DEFAULT_ORIGIN, DEFAULT_ORIGIN_NAME }),
    DATA_DIR: dataDir,
    secureCookies: secureCookiesFor(parsed),
  };
}

/** See Config.secureCookies. An explicit http PUBLIC_URL means no `Secure`, proxy or not. */
export function secureCookiesFor(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'TRUST_PROXY'>): boolean | 'auto' {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.startsWith('https://');
  return env.NODE_ENV === 'production' && env.TRUST_PROXY !== false ? 'auto' : false;
}
