import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestApp } from './helpers';

/** TRUST_PROXY and per-request `Secure` cookies (docs/decisions/0060). */
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

  it('marks the session cookie Secure when the proxy says the request came over https', async () => {
    const res = await register('10.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(res.statusCode, res.body).toBe(201);
    expect(sid(res)).toMatchObject({ secure: true, httpOnly: true });
  });

  it('leaves it off over plain http, and ignores X-Forwarded-Proto from anyone but the proxy', async () => {
    const http = await register('10.0.0.1', { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.8' });
    expect(sid(http)?.secure).toBeFalsy();
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

  it('always marks the session cookie Secure', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Direct', email: uniqueEmail(), password: 'secret123' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true });
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
