import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestApp } from './helpers';

/** TRUST_PROXY and per-request `Secure` cookies (docs/decisions/0060), prefixed over https (0134). */
describe('behind a trusted proxy in production, without PUBLIC_URL', () => {
  const ctx = useTestApp({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.1' });
  const register = (remoteAddress: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Proxied', email: uniqueEmail(), password: 'secret123' },
      remoteAddress,
      headers,
    });
  const sid = (res: Awaited<ReturnType<typeof register>>) => res.cookies.find((c) => c.name === 'sid');

  it('marks the session cookie Secure, and names it __Host-, when the proxy says the request came over https', async () => {
    const res = await register('10.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(res.statusCode, res.body).toBe(201);
    expect(sid(res)).toBeUndefined();
    expect(res.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(res.cookies.find((c) => c.name === '__Secure-device')).toMatchObject({ secure: true, path: '/api/auth' });
  });

  it('leaves it off over plain http, and ignores X-Forwarded-Proto from anyone but the proxy', async () => {
    const http = await register('10.0.0.1', { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.8' });
    expect(sid(http)?.secure).toBeFalsy();
    expect(http.cookies.find((c) => c.name === 'device')?.secure).toBeFalsy();
    const spoofed = await register('198.51.100.9', { 'x-forwarded-proto': 'https' });
    expect(spoofed.statusCode, spoofed.body).toBe(201);
    expect(sid(spoofed)?.secure).toBeFalsy();
  });

  it('sends no HSTS: the site may also be reached over http', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('with an https PUBLIC_URL', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://fruit.example' });
  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie }, remoteAddress: '10.0.0.2' });

  it('always marks the session cookie Secure, named __Host- so no other host or plain http page can plant one', async () => {
    const email = uniqueEmail();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Direct', email, password: 'secret123' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.cookies.find((c) => c.name === '__Host-sid');
    expect(session).toMatchObject({ secure: true, path: '/' });
    expect(session).not.toHaveProperty('domain');
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeDefined();

    expect((await me(`__Host-sid=${session!.value}`)).statusCode).toBe(200);
    // The same token under the unprefixed name, as a sibling subdomain could set it, is not a session.
    expect((await me(`sid=${session!.value}`)).statusCode).toBe(401);

    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `__Host-sid=${session!.value}` }, remoteAddress: '10.0.0.2' });
    expect(out.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ value: '', path: '/', secure: true });
  });
});
