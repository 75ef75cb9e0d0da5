import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv, secureCookiesFor } from './config';
import { listenError } from './listen-error';
import { paymentsSummary } from './modules/payments/providers';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('config', () => {
  it('has defaults that make `npm start` work', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', POSTING_ACCESS: 'gated', DEMO_DATA: 'on' });
    expect([env.DEFAULT_ORIGIN, env.DEFAULT_ORIGIN_NAME]).toEqual([undefined, undefined]);
    // An empty setting (`DEFAULT_ORIGIN=` in an env file) is an unset one, as for every optional setting.
    const empty = parseEnv({ DEFAULT_ORIGIN: ' ', DEFAULT_ORIGIN_NAME: '' });
    expect([empty.DEFAULT_ORIGIN, empty.DEFAULT_ORIGIN_NAME]).toEqual([undefined, undefined]);
  });
  it('stops with a message naming the bad setting', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => parseEnv({ DATABASE_DIRECT_URL: 'http://db:5432' })).toThrow(/DATABASE_DIRECT_URL: must be a postgres:\/\/ URL/);
    expect(() => parseEnv({ DEFAULT_ORIGIN: '95,10' })).toThrow(/DEFAULT_ORIGIN/);
    expect(() => parseEnv({ POSTING_ACCESS: 'maybe' })).toThrow(/POSTING_ACCESS/);
  });
  it('reads MAIL_FROM as an address or a name and <address>', () => {
    expect(parseEnv({}).MAIL_FROM).toBe('Free Fruit <no-reply@localhost>');
    expect(parseEnv({ MAIL_FROM: 'hello@example.org' }).MAIL_FROM).toBe('hello@example.org');
    expect(parseEnv({ MAIL_FROM: 'Free Fruit <hello@example.org>' }).MAIL_FROM).toBe('Free Fruit <hello@example.org>');
    expect(() => parseEnv({ MAIL_FROM: 'Free Fruit' })).toThrow(/MAIL_FROM: must be an email address/);
    expect(() => parseEnv({ MAIL_FROM: 'Free Fruit <nobody>' })).toThrow(/MAIL_FROM/);
  });
  it('reads the S3 settings only with a bucket, and the metrics token only when long enough', () => {
    const none = parseEnv({});
    expect(none).toMatchObject({ S3_FORCE_PATH_STYLE: false, S3_REGION: 'us-east-1' });
    expect([none.S3_BUCKET, none.METRICS_TOKEN]).toEqual([undefined, undefined]);
    const s3 = parseEnv({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect(s3).toMatchObject({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is needed with S3_ENDPOINT/);
    expect(() => parseEnv({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'a' })).toThrow(/go together/);
    expect(() => parseEnv({ S3_BUCKET: 'photos', S3_PUBLIC_URL: 'cdn.example.org' })).toThrow(/S3_PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
  it('refuses half a payment provider’s keys, and says at start which providers take money', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together/);
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(/go together/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY: is needed with STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ PAYPAL_CLIENT_ID: 'abc' })).toThrow(/PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together/);
    expect(() => parseEnv({ PAYPAL_WEBHOOK_ID: 'WH-1' })).toThrow(/PAYPAL_CLIENT_ID: is needed with PAYPAL_WEBHOOK_ID/);
    expect(paymentsSummary(parseEnv({}))).toMatch(/^Payments in demo mode: .*no money moves/);
    const both = parseEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(paymentsSummary(both)).toBe('Payments: cards through Stripe (live key) and PayPal (sandbox).');
  });
  it('refuses settings that would start a broken app: a plain owner password, a mail URL, an ftp site, a bad host, a file as DATA_DIR', () => {
    expect(() => parseEnv({ OWNER_PASSWORD_HASH: 'plain' })).toThrow(/OWNER_PASSWORD_HASH: must be the hash `npm run owner-password` prints/);
    expect(parseEnv({ OWNER_PASSWORD_HASH: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' }).OWNER_PASSWORD_HASH).toMatch(/^\$argon2id\$/);
    expect(() => parseEnv({ SMTP_URL: 'notaurl' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.org:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.org:465');
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL: must be a URL such as https:\/\/example.org/);
    expect(() => parseEnv({ HOST: 'not_a_host' })).toThrow(/HOST: must be an address or a host name/);
    for (const host of ['0.0.0.0', '::', '127.0.0.1', 'localhost', 'app.internal', '::1']) expect(parseEnv({ HOST: host }).HOST).toBe(host);
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    const file = path.join(dir, 'data');
    writeFileSync(file, '');
    expect(() => loadConfig({ DATA_DIR: file })).toThrow(/DATA_DIR: .* is a file, not a folder/);
  });
  it('names the setting when the app cannot listen', () => {
    const refused = (code: string) => listenError(Object.assign(new Error(code), { code }), { PORT: 4327, HOST: 'db.example' });
    expect(refused('EADDRINUSE')).toEqual(new ConfigError('PORT: 4327 is in use by another program (on db.example); stop it, or set another PORT.'));
    expect((refused('ENOTFOUND') as Error).message).toBe('HOST: db.example is not a name this machine can resolve (db.example:4327).');
    expect((refused('EADDRNOTAVAIL') as Error).message).toMatch(/^HOST: db.example is not an address of this machine/);
    expect((refused('EACCES') as Error).message).toMatch(/^PORT: 4327 needs more rights/);
    const other = new Error('something else');
    expect(listenError(other, { PORT: 1, HOST: 'h' })).toBe(other);
  });
  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.SESSION_SECRET);
  });
  it('measures from downtown Toronto unless DEFAULT_ORIGIN and DEFAULT_ORIGIN_NAME are set together', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dir }).defaultOrigin).toEqual({ lat: 43.6532, lng: -79.3832, name: 'downtown Toronto' });
    const vancouver = { DATA_DIR: dir, DEFAULT_ORIGIN: '49.2827, -123.1207', DEFAULT_ORIGIN_NAME: ' downtown Vancouver ' };
    expect(loadConfig(vancouver).defaultOrigin).toEqual({ lat: 49.2827, lng: -123.1207, name: 'downtown Vancouver' });
    expect(() => parseEnv({ DEFAULT_ORIGIN: '49.2827,-123.1207' })).toThrow(/DEFAULT_ORIGIN_NAME: DEFAULT_ORIGIN and DEFAULT_ORIGIN_NAME go together/);
    expect(() => parseEnv({ DEFAULT_ORIGIN_NAME: 'downtown Vancouver' })).toThrow(/go together/);
    expect(() => parseEnv({ DEFAULT_ORIGIN: '49.2827,-123.1207', DEFAULT_ORIGIN_NAME: 'x'.repeat(61) })).toThrow(/DEFAULT_ORIGIN_NAME: must be at most 60/);
  });
  it('marks cookies Secure only behind https', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://fruit.example' }).secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).secureCookies).toBe(false);
  });

  it('reads TRUST_PROXY: off by default, true, or a list of proxy addresses', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.1']);
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.5 ,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });
  it.each(['yes', '1', '2', '10.0.0', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.1,', 'proxy.example', '10.0.0.1/'])(
    'refuses TRUST_PROXY=%s naming the setting',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    },
  );
  it('explains that a number of hops is not supported', () => {
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(/number of hops is not supported/);
  });
  it('marks cookies Secure from PUBLIC_URL, or per request behind a trusted proxy in production', () => {
    const env = (v: Partial<Parameters<typeof secureCookiesFor>[0]>) =>
      secureCookiesFor({ NODE_ENV: 'production', PUBLIC_URL: undefined, TRUST_PROXY: false, ...v });
    expect(env({ PUBLIC_URL: 'https://fruit.example' })).toBe(true);
    expect(env({ PUBLIC_URL: 'https://fruit.example', TRUST_PROXY: true })).toBe(true);
    // An explicit http address wins over the proxy's word.
    expect(env({ PUBLIC_URL: 'http://fruit.example', TRUST_PROXY: true })).toBe(false);
    expect(env({ TRUST_PROXY: true })).toBe('auto');
    expect(env({ TRUST_PROXY: ['10.0.0.0/8'] })).toBe('auto');
    expect(env({})).toBe(false);
    expect(env({ NODE_ENV: 'development', TRUST_PROXY: true })).toBe(false);
    expect(env({ NODE_ENV: 'test', TRUST_PROXY: true })).toBe(false);
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1' }).secureCookies).toBe('auto');
  });
});
