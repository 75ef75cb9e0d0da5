import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, registerMember, sessionCookie, uniqueEmail, useTestApp } from './helpers';

const ctx = useTestApp({ ADMIN_EMAILS: 'boss@example.com' });
const register = (payload: object, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
const login = (payload: object, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

describe('registration', () => {
  it('creates a member with a 7-day trial and a session cookie', async () => {
    const before = Date.now();
    const res = await register({ username: 'Ann', email: uniqueEmail(), password: 'secret123' }, '10.0.0.1');
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'Ann', subscriptionStatus: 'trial', isVerified: 'false', verifiedType: null, isAdmin: false, hasKindnessAccess: false, subscriptionEndsAt: null });
    const ends = new Date(user.trialEndsAt).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(ends - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(JSON.stringify(user)).not.toMatch(/password|hash|argon/i);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it.each([
    [{ username: 'A', email: 'a@example.com', password: 'secret123' }, 'Username must be at least 2 characters'],
    [{ username: 'Ann', email: 'not-an-email', password: 'secret123' }, 'Invalid email address'],
    [{ username: 'Ann', email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'Ann', email: 'a@example.com', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ username: 'A'.repeat(41), email: 'a@example.com', password: 'secret123' }, 'Username must be at most 40 characters'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await register(payload, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0]).toMatchObject({ message });
  });

  it('takes a username of exactly 2 characters and a password of exactly 6 (spec §9), and signs in with them', async () => {
    const email = uniqueEmail('short');
    const res = await register({ username: 'Bo', email, password: '123456' }, '10.0.0.4');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().username).toBe('Bo');
    expect((await login({ email, password: '123456' }, '10.0.0.4')).statusCode).toBe(200);
  });

  it('treats emails as unique regardless of case', async () => {
    const email = uniqueEmail('Case');
    expect((await register({ username: 'One', email, password: 'secret123' }, '10.0.0.3')).statusCode).toBe(201);
    const dup = await register({ username: 'Two', email: email.toUpperCase(), password: 'secret123' }, '10.0.0.3');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists.');
  });

  it('stores an argon2id hash and only a digest of the session token', async () => {
    const email = uniqueEmail();
    const res = await register({ username: 'Hash', email, password: 'secret123' }, '10.0.0.4');
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    const { rows } = await ctx.database.db.execute<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE email = ${email}`);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await ctx.database.db.execute<{ id: string }>(sql`SELECT id FROM sessions`);
    expect(sessions.rows.map((r) => r.id)).not.toContain(token);
  });

  it('limits sign-ups per address with a 429 and Retry-After', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await register({ username: 'Bulk', email: uniqueEmail('bulk'), password: 'secret123' }, '10.0.1.1')).statusCode).toBe(201);
    }
    const res = await register({ username: 'Bulk', email: uniqueEmail('bulk'), password: 'secret123' }, '10.0.1.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many sign-ups from this address\. Please try again in \d+ minutes?\.$/);
  });
});

describe('sign in, me and sign out', () => {
  it('answers 401 to a guest asking who they are', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in.' });
  });

  it('signs in with any email case, a new token each time, and knows the user', async () => {
    const m = await registerMember(ctx.app, { username: 'Bea' });
    const first = await login({ email: m.email.toUpperCase(), password: m.password }, '10.0.2.1');
    const second = await login({ email: m.email, password: m.password }, '10.0.2.1');
    expect(first.statusCode).toBe(200);
    expect(sessionCookie(first)).not.toBe(sessionCookie(second));
    expect(sessionCookie(first)).not.toBe(m.cookie);
    const me = await ctx.app.inject(as(sessionCookie(second), { method: 'GET', url: '/api/auth/me' }));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: m.id, username: 'Bea', subscriptionStatus: 'trial' });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const m = await registerMember(ctx.app);
    const wrong = await login({ email: m.email, password: 'wrong-password' }, '10.0.2.2');
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'wrong-password' }, '10.0.2.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates sign-in input with the spec messages', async () => {
    const res = await login({ email: 'nope', password: 'secret123' }, '10.0.2.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid email address');
    const short = await login({ email: 'a@example.com', password: '123' }, '10.0.2.3');
    expect(short.json().message).toBe('Password must be at least 6 characters');
  });

  it('ends the session on the server at sign-out', async () => {
    const m = await registerMember(ctx.app);
    const out = await ctx.app.inject(as(m.cookie, { method: 'POST', url: '/api/auth/logout' }));
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const me = await ctx.app.inject(as(m.cookie, { method: 'GET', url: '/api/auth/me' }));
    expect(me.statusCode).toBe(401);
  });

  it('expires a session left idle for more than 14 days', async () => {
    const m = await registerMember(ctx.app);
    await ctx.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '15 days'`);
    const me = await ctx.app.inject(as(m.cookie, { method: 'GET', url: '/api/auth/me' }));
    expect(me.statusCode).toBe(401);
  });

  it('expires a session 60 days after sign-in however active', async () => {
    const m = await registerMember(ctx.app);
    await ctx.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await ctx.app.inject(as(m.cookie, { method: 'GET', url: '/api/auth/me' }))).statusCode).toBe(401);
  });

  it('makes no admin of a member who registers an address in ADMIN_EMAILS after the start (docs/decisions/0110)', async () => {
    const res = await register({ username: 'Boss', email: 'Boss@Example.com', password: 'secret123' }, '10.0.2.4');
    expect(res.statusCode).toBe(201);
    expect(res.json().isAdmin).toBe(false);
    const cookie = sessionCookie(res);
    expect((await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/auth/me' }))).json().isAdmin).toBe(false);
    expect((await ctx.app.inject(as(cookie, { method: 'GET', url: '/api/admin/stats' }))).statusCode).toBe(403);
  });
});

describe('sign-in rate limits', () => {
  it('allows 25 attempts per address in 5 minutes, then 429 with Retry-After', async () => {
    for (let i = 0; i < 25; i++) {
      expect((await login({ email: uniqueEmail('ip'), password: 'whatever1' }, '10.0.3.1')).statusCode).toBe(401);
    }
    const res = await login({ email: uniqueEmail('ip'), password: 'whatever1' }, '10.0.3.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect(res.json().message).toMatch(/^Too many sign-in attempts\./);
    expect((await login({ email: uniqueEmail('ip'), password: 'whatever1' }, '10.0.3.2')).statusCode).toBe(401);
  });

  it('counts a burst of guesses from many addresses before checking any: no more than 25 are tried', async () => {
    const m = await registerMember(ctx.app);
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => login({ email: m.email, password: `burst-${i}` }, `10.0.5.${i}`)));
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('counts only failures against the account: a sign-in that works takes its count back', async () => {
    const m = await registerMember(ctx.app);
    for (let i = 0; i < 24; i++) expect((await login({ email: m.email, password: 'wrong-pass' }, `10.0.7.${i}`)).statusCode).toBe(401);
    expect((await login({ email: m.email, password: m.password }, '10.0.7.100')).statusCode).toBe(200);
    expect((await login({ email: m.email, password: 'wrong-pass' }, '10.0.7.101')).statusCode).toBe(401);
    expect((await login({ email: m.email, password: 'wrong-pass' }, '10.0.7.102')).statusCode).toBe(429);
  });

  it('allows 25 attempts per account in an hour from any address', async () => {
    const m = await registerMember(ctx.app);
    for (let i = 0; i < 25; i++) {
      expect((await login({ email: m.email, password: 'wrong-pass' }, `10.0.4.${i}`)).statusCode).toBe(401);
    }
    const res = await login({ email: m.email, password: m.password }, '10.0.4.200');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many sign-in attempts for this account\./);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(300);
  });
});

describe('device cookies (DECISIONS 30, docs/decisions/0075)', () => {
  /** The cookies a browser keeps after a response: its session and its device cookie. */
  const deviceOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const device = res.cookies.find((c) => c.name === 'device');
    if (!device) throw new Error('no device cookie');
    return `device=${device.value}`;
  };
  const loginFrom = (payload: object, remoteAddress: string, cookie?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress, headers: cookie ? { cookie } : {} });

  it('gives a signed-in browser an httpOnly device cookie for the auth calls', async () => {
    const m = await registerMember(ctx.app);
    const res = await loginFrom({ email: m.email, password: m.password }, '10.0.6.1');
    const device = res.cookies.find((c) => c.name === 'device')!;
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    expect(device.maxAge).toBeGreaterThan(300 * 24 * 3600);
  });

  it('meets 429s after 30 wrong passwords from one address and 60 spread over 30, and the owner still signs in from their browser', async () => {
    const m = await registerMember(ctx.app);
    const owner = deviceOf(await loginFrom({ email: m.email, password: m.password }, '10.0.7.1'));
    const one = [];
    for (let i = 0; i < 30; i++) one.push((await loginFrom({ email: m.email, password: 'wrong-pass' }, '10.0.8.1')).statusCode);
    expect(one.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    const spread = [];
    for (let i = 0; i < 60; i++) spread.push((await loginFrom({ email: m.email, password: 'wrong-pass' }, `10.0.9.${i % 30}`)).statusCode);
    expect(spread.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    // A browser without the owner's device cookie is refused, even with the right password…
    expect((await loginFrom({ email: m.email, password: m.password }, '10.0.7.2')).statusCode).toBe(429);
    // …and the owner's browser signs in.
    const res = await loginFrom({ email: m.email, password: m.password }, '10.0.7.1', owner);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('judges a device on its own small limit, and a device cookie helps only its own account', async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const device = deviceOf(await loginFrom({ email: m.email, password: m.password }, '10.0.10.1'));
    for (let i = 0; i < 10; i++) expect((await loginFrom({ email: m.email, password: 'wrong-pass' }, `10.0.10.${i + 2}`, device)).statusCode).toBe(401);
    const limited = await loginFrom({ email: m.email, password: m.password }, '10.0.10.20', device);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many sign-in attempts from this browser\./);
    // Those failures were the device's, not the account's: a new browser still signs in.
    expect((await loginFrom({ email: m.email, password: m.password }, '10.0.10.21')).statusCode).toBe(200);
    // Another account's device cookie counts as none, and a forged one too.
    expect(deviceOf(await loginFrom({ email: other.email, password: other.password }, '10.0.10.22', device))).not.toBe(device);
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await loginFrom({ email: m.email, password: m.password }, '10.0.10.23', forged)).statusCode).toBe(200);
  });
});

describe('CSRF and errors', () => {
  const payload = { email: 'x@example.com', password: 'secret123' };

  it('refuses unsafe requests from a foreign origin', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { origin: 'https://evil.example', host: 'localhost:3000' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site requests are not allowed.');
  });

  it('refuses requests marked cross-site by the browser', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
  });

  it('accepts same-origin requests', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }, remoteAddress: '10.0.5.1' });
    expect(res.statusCode).toBe(401);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/no-such-thing' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('sends pages security headers with a CSP that allows the map tiles', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/none.webp' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain('img-src \'self\' data: blob: https://tile.openstreetmap.org');
    // Demo mode: no payment provider's script, frame or API is let in (docs/decisions/0082).
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).not.toMatch(/stripe|paypal|frame-src/);
  });

  it("turns off for pages the browser features the app never uses, keeps geolocation for the page itself, and payment off in demo mode", async () => {
    for (const url of ['/uploads/none.webp', '/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(
        'camera=(), display-capture=(), geolocation=(self), microphone=(), midi=(), payment=(), usb=()',
      );
    }
  });

  it('sends API responses the short set of a JSON API (docs/decisions/0061)', async () => {
    for (const url of ['/api/health', '/api/posts', '/api/no-such-thing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });
});
