import { hash } from '@node-rs/argon2';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { KINDNESS, OWNER_ACCESS } from '../../src/domain/access';
import { INVITE_CODE } from '../../src/domain/referrals';
import { as, registerMember, sessionCookie, uniqueEmail, useTestApp, warmPool } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';
import { GUEST_SESSIONS_PER_ADDRESS } from '../../src/server/plugins/session';

/** Access (spec §1, §4 Access, §7; DECISIONS 5-8; issue 16): kindness, the owner password, grants on /me. */
const OWNER_PASSWORD = 'the owner knows this';
const ctx = useTestApp({ OWNER_PASSWORD_HASH: await hash(OWNER_PASSWORD) });

let addresses = 0;
const from = () => `10.60.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const call = (cookie: string | null, method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = from()) =>
  ctx.app.inject({ method, url, payload, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });
const cookieFrom = (res: LightMyRequestResponse, previous: string | null) => (res.cookies.some((c) => c.name === 'sid') ? sessionCookie(res) : previous);

describe('the Kindness Button', () => {
  it('gives a guest 24 hours to view and post, no questions asked, on a session of their own', async () => {
    const res = await call(null, 'POST', '/api/grant-kindness-access');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Access Granted' });
    const hours = (new Date(res.json().endsAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const cookie = sessionCookie(res);
    const session = (await call(cookie, 'GET', '/api/session')).json();
    expect(session.grants).toEqual([expect.objectContaining({ kind: 'kindness' })]);
    expect((await createPost(ctx.app, cookie, { ...VALID_POST })).statusCode).toBe(201);
    expect((await createPost(ctx.app, cookie, { ...VALID_POST, title: 'A second one' })).statusCode).toBe(201);
    // Full viewing access: the list answers more than the one preview post (DECISIONS 7).
    const guestPage = await call(null, 'GET', '/api/posts?limit=5');
    expect(guestPage.json()).toHaveLength(1);
    expect((await call(cookie, 'GET', '/api/posts?limit=5')).json().length).toBeGreaterThan(1);
  });

  it('is once per holder a day: a second ask says so and points to the free trial', async () => {
    const first = await call(null, 'POST', '/api/grant-kindness-access');
    const again = await call(sessionCookie(first), 'POST', '/api/grant-kindness-access');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: KINDNESS.alreadyHere });
    expect(KINDNESS.alreadyHere).toMatch(/7-day trial/);
  });

  it('is once a day per network address, so a script cannot farm it with new sessions (429 with the retry time)', async () => {
    const address = from();
    expect((await call(null, 'POST', '/api/grant-kindness-access', undefined, address)).statusCode).toBe(200);
    const farmed = await call(null, 'POST', '/api/grant-kindness-access', undefined, address);
    expect(farmed.statusCode).toBe(429);
    expect(farmed.json()).toMatchObject({ message: KINDNESS.alreadyAddress });
    expect(Number(farmed.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('is given once to a holder who asks from several networks at once: the others hear it was given', async () => {
    const member = await registerMember(ctx.app);
    await warmPool(ctx);
    const answers = await Promise.all([from(), from(), from()].map((address) => call(member.cookie, 'POST', '/api/grant-kindness-access', undefined, address)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const { rows } = await ctx.database.pool.query(`SELECT id FROM grants WHERE user_id = $1 AND kind = 'kindness'`, [member.id]);
    expect(rows).toHaveLength(1);
  });

  it('points a member, who has had their trial, to the plans when it refuses (0150)', async () => {
    const member = await registerMember(ctx.app);
    expect((await call(member.cookie, 'POST', '/api/grant-kindness-access')).statusCode).toBe(200);
    const again = await call(member.cookie, 'POST', '/api/grant-kindness-access');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: KINDNESS.alreadyHereMember });
    const address = from();
    expect((await call(null, 'POST', '/api/grant-kindness-access', undefined, address)).statusCode).toBe(200);
    const farmed = await call((await registerMember(ctx.app)).cookie, 'POST', '/api/grant-kindness-access', undefined, address);
    expect(farmed.statusCode).toBe(429);
    expect(farmed.json()).toMatchObject({ message: KINDNESS.alreadyAddressMember });
    for (const text of [KINDNESS.alreadyHereMember, KINDNESS.alreadyAddressMember]) expect(text).not.toMatch(/trial|account/);
  });

  it('says hasKindnessAccess on a member who took it', async () => {
    const member = await registerMember(ctx.app);
    expect((await call(member.cookie, 'POST', '/api/grant-kindness-access')).statusCode).toBe(200);
    expect((await call(member.cookie, 'GET', '/api/auth/me')).json()).toMatchObject({ hasKindnessAccess: true, subscriptionStatus: 'active' });
    // Spec §7's GET /api/user/me answers the same member.
    const me = await call(member.cookie, 'GET', '/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual((await call(member.cookie, 'GET', '/api/auth/me')).json());
    expect(me.json()).toMatchObject({ hasKindnessAccess: true, isAdmin: false });
  });
});

describe('new guest sessions from one network (docs/decisions/0131)', () => {
  it('lets a guest browse on without one beyond the limit, and tells one who pays or asks for kindness why not, with the wait', async () => {
    const address = '10.61.0.1';
    for (let i = 0; i < GUEST_SESSIONS_PER_ADDRESS.limit; i += 1)
      expect((await call(null, 'GET', '/api/session', undefined, address)).cookies.some((c) => c.name === 'sid')).toBe(true);
    const browsing = await call(null, 'GET', '/api/session', undefined, address);
    expect(browsing.statusCode).toBe(200);
    expect(browsing.cookies.some((c) => c.name === 'sid')).toBe(false);
    for (const [url, payload] of [['/api/create-one-time-payment', { type: 'day' }], ['/api/grant-kindness-access', undefined]] as const) {
      const res = await call(null, 'POST', url, payload, address);
      expect(res.statusCode, res.body).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/^Too many new visitors from this network without an account\. Please try again in \d+ minutes?\.$/);
    }
  });
});

describe('the owner password (dialog 9, DECISIONS 4)', () => {
  it('refuses a wrong password with the spec’s text, and limits guessing per address', async () => {
    const address = from();
    const wrong = await call(null, 'POST', '/api/verify-admin', { password: 'guess' }, address);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: OWNER_ACCESS.wrong });
    for (let i = 0; i < 4; i++) await call(null, 'POST', '/api/verify-admin', { password: `guess ${i}` }, address);
    const limited = await call(null, 'POST', '/api/verify-admin', { password: OWNER_PASSWORD }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call(null, 'POST', '/api/verify-admin', { password: '' })).statusCode).toBe(400);
  });

  it('counts only wrong passwords: the right one takes its count back', async () => {
    const address = from();
    for (let i = 0; i < 4; i++) expect((await call(null, 'POST', '/api/verify-admin', { password: `guess ${i}` }, address)).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/verify-admin', { password: OWNER_PASSWORD }, address)).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/verify-admin', { password: 'guess 5' }, address)).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/verify-admin', { password: 'guess 6' }, address)).statusCode).toBe(429);
  });

  it('tries no more than the limit of a burst of guesses sent at once from one address', async () => {
    const address = from();
    // One guest session for the burst, as a script would keep its cookie.
    const cookie = sessionCookie(await call(null, 'GET', '/api/session', undefined, address));
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => call(cookie, 'POST', '/api/verify-admin', { password: `burst ${i}` }, address)));
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('gives free, unlimited posting to whoever knows it, a guest included', async () => {
    const res = await call(null, 'POST', '/api/verify-admin', { password: OWNER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookie(res);
    for (let i = 0; i < 3; i++) expect((await createPost(ctx.app, cookie, { ...VALID_POST, title: `Owner post ${i}` })).statusCode).toBe(201);
    expect((await call(cookie, 'GET', '/api/session')).json()).toMatchObject({ features: { ownerAccess: true }, grants: [expect.objectContaining({ kind: 'owner', endsAt: null })] });
  });
});

describe('GET /api/auth/me', () => {
  it('lists the member’s grants and their invite code (FF and six letters or digits)', async () => {
    const member = await registerMember(ctx.app);
    const me = (await call(member.cookie, 'GET', '/api/auth/me')).json();
    expect(me.inviteCode).toMatch(INVITE_CODE);
    expect(me.grants).toEqual([{ kind: 'trial', endsAt: expect.any(String) }]);
    const other = (await call((await registerMember(ctx.app)).cookie, 'GET', '/api/auth/me')).json();
    expect(other.inviteCode).not.toBe(me.inviteCode);
  });
});

describe('a guest who signs up (DECISIONS 5)', () => {
  it('keeps what they gained as a guest: their grants, their posts and their receipts', async () => {
    const address = from();
    let cookie: string | null = null;
    const kindness = await call(cookie, 'POST', '/api/grant-kindness-access', undefined, address);
    cookie = cookieFrom(kindness, cookie);
    const post = await createPost(ctx.app, cookie, { ...VALID_POST, title: 'Posted as a guest' });
    await createPost(ctx.app, cookie, { ...VALID_POST, title: 'Another guest post' });
    expect(post.statusCode).toBe(201);
    const paid = await call(cookie, 'POST', '/api/create-one-time-payment', { type: 'day' }, address);
    expect(paid.json().receipt).toMatchObject({ description: '24-Hour Access', amount: 3 });

    const email = uniqueEmail('guest');
    const registered = await call(cookie, 'POST', '/api/auth/register', { username: 'Was a guest', email, password: 'secret123' }, address);
    expect(registered.statusCode, registered.body).toBe(201);
    const member = sessionCookie(registered);
    expect(registered.json().grants.map((g: { kind: string }) => g.kind).sort()).toEqual(['day', 'kindness', 'trial']);
    expect((await call(member, 'GET', '/api/payments/receipts')).json()).toHaveLength(1);
    const edit = await ctx.app.inject(as(member, { method: 'PATCH', url: `/api/posts/${post.json().id}/status`, payload: { status: 'limited' } }));
    expect(edit.statusCode, edit.body).toBe(200);
    // The old guest session is gone.
    expect((await call(cookie, 'GET', '/api/payments/receipts')).json()).toEqual([]);
  });
});
