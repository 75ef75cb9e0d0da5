import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '../../src/domain/referrals';
import type { EventBus } from '../../src/server/events/bus';
import { createSessionResolver } from '../../src/server/modules/auth/sessions';
import { createReferralsRepository } from '../../src/server/modules/referrals/repository';
import { as, registerMember, sessionCookie, uniqueEmail, useTestApp, warmPool, type Member } from './helpers';
import { callerChanged, createPost, VALID_POST } from './posts-helpers';
import { useSmtpServer } from './smtp';

/**
 * Referrals and invites (spec §2 referral card, §9; DECISIONS 26; issue 16): codes made by the
 * server, tiers for friends who shared a post, $3 to both on the friend's first payment, never
 * between a member and themselves; invitations mailed to a real SMTP server on this machine.
 */
const smtp = await useSmtpServer();
const ctx = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://fruit.example.org' });

let addresses = 0;
const nextAddress = () => `10.65.${Math.floor(++addresses / 250)}.${addresses % 250}`;
let referrer: Member;
let code: string;

const get = async (cookie: string, url: string) => (await ctx.app.inject(as(cookie, { method: 'GET', url }))).json();
const post = (cookie: string, url: string, payload?: object) => ctx.app.inject(as(cookie, { method: 'POST', url, payload, remoteAddress: nextAddress() }));

/** A friend registering with `referralCode`, from an address (and a browser) of their own unless given. */
async function friendRegisters(referralCode: string, opts: { address?: string; cookie?: string } = {}): Promise<Member> {
  const body = { username: 'Friend', email: uniqueEmail('friend'), password: 'secret123', referralCode, firstTouch: { source: 'instagram', medium: 'social', campaign: 'spring' } };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: opts.address ?? nextAddress(), headers: opts.cookie ? { cookie: opts.cookie } : {} });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, email: body.email, password: body.password, cookie: sessionCookie(res) };
}

beforeAll(async () => {
  referrer = await registerMember(ctx.app, { username: 'Rita Referrer' });
  code = (await get(referrer.cookie, '/api/auth/me')).inviteCode;
});

describe('a friend who registers with the code', () => {
  it('is the referrer’s, whatever case the code came in; an unknown code is ignored', async () => {
    const friend = await friendRegisters(code.toLowerCase());
    await friendRegisters('FFNOSUCH');
    const list = await get(referrer.cookie, '/api/referrals');
    expect(list).toEqual([{ id: expect.any(String), createdAt: expect.any(String), bonusGranted: 'false', friendName: 'Friend', qualified: false }]);
    const row = (await ctx.database.db.execute<{ first_touch: object }>(`SELECT first_touch FROM users WHERE id = '${friend.id}'`)).rows[0];
    expect(row?.first_touch).toEqual({ source: 'instagram', medium: 'social', campaign: 'spring' });
  });

  it('is not counted from the referrer’s own network or browser (no self-referral)', async () => {
    const before = (await get(referrer.cookie, '/api/referrals')).length;
    const sameNetwork = (await ctx.database.db.execute<{ address: string }>(`SELECT address FROM sessions WHERE user_id = '${referrer.id}' LIMIT 1`)).rows[0]!.address;
    await friendRegisters(code, { address: sameNetwork });
    // A browser the referrer signed in from carries their device cookie.
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: referrer.email, password: referrer.password }, remoteAddress: nextAddress() });
    // Over https (this app's PUBLIC_URL) the browser keeps it as __Secure-device (docs/decisions/0134).
    const device = signIn.cookies.find((c) => c.name === '__Secure-device')!;
    await friendRegisters(code, { cookie: `__Secure-device=${device.value}` });
    expect(await get(referrer.cookie, '/api/referrals')).toHaveLength(before);
  });

  it('is not counted from a network the referrer signed in from, after they signed out (docs/decisions/0134)', async () => {
    const other = await registerMember(ctx.app, { username: 'Sam Signedout' });
    const otherCode = (await get(other.cookie, '/api/auth/me')).inviteCode;
    const home = nextAddress();
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: other.password }, remoteAddress: home });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: sessionCookie(signIn) }, remoteAddress: home });
    expect(out.statusCode).toBe(204);
    // No session of theirs is left on that network: the remembered network still tells.
    const left = await ctx.database.db.execute(sql`SELECT 1 FROM sessions WHERE user_id = ${other.id} AND address = ${home}`);
    expect(left.rows).toHaveLength(0);
    await friendRegisters(otherCode, { address: home });
    expect(await get(other.cookie, '/api/referrals')).toHaveLength(0);
  });

  it('counts one friend a network: a second from the same connection is not counted', async () => {
    const host = await registerMember(ctx.app, { username: 'Nia Network' });
    const hostCode = (await get(host.cookie, '/api/auth/me')).inviteCode;
    const cafe = nextAddress();
    const first = await friendRegisters(hostCode, { address: cafe });
    await friendRegisters(hostCode, { address: cafe });
    await friendRegisters(hostCode);
    expect(await get(host.cookie, '/api/referrals')).toHaveLength(2);
    // The friend's network is kept for this rule only: never in the referrer's export.
    const exported = await ctx.app.inject(as(host.cookie, { method: 'GET', url: '/api/user/export', remoteAddress: nextAddress() }));
    expect(exported.statusCode).toBe(200);
    expect(exported.json().referrals).toHaveLength(2);
    expect(exported.body).not.toContain(cafe);
    // The friend's own export holds it, as theirs; 180 days on, it is forgotten.
    const own = await ctx.app.inject(as(first.cookie, { method: 'GET', url: '/api/user/export', remoteAddress: nextAddress() }));
    expect(own.json().referrals).toEqual([expect.objectContaining({ friendId: first.id, friendAddress: cafe })]);
    await createReferralsRepository(ctx.database.db).forgetNetworksBefore(new Date(Date.now() + 1000));
    const after = await ctx.database.db.execute<{ friend_address: string | null }>(sql`SELECT friend_address FROM referrals WHERE friend_id = ${first.id}`);
    expect(after.rows).toEqual([{ friend_address: null }]);
  });

  it('counts one friend a network also when the registrations arrive together', async () => {
    const host = await registerMember(ctx.app, { username: 'Rae Racer' });
    const hostCode = (await get(host.cookie, '/api/auth/me')).inviteCode;
    const one = nextAddress();
    await Promise.all(Array.from({ length: 5 }, () => friendRegisters(hostCode, { address: one })));
    expect(await get(host.cookie, '/api/referrals')).toHaveLength(1);
  });
});

describe('tiers and credit', () => {
  let friend: Member;
  beforeAll(async () => {
    friend = await friendRegisters(code);
  });

  it('counts a friend once they share a post, and rewards the first tier with 7 more days', async () => {
    const before = await get(referrer.cookie, '/api/referrals/summary');
    expect(before).toMatchObject({ inviteCode: code, referralLink: `https://fruit.example.org/?ref=${code}`, qualifiedFriends: 0, totalEarned: 0, creditCents: 0 });
    expect(before.tiers).toEqual([
      { friends: 1, reward: '+7 days', reached: false },
      { friends: 3, reward: '+1 month', reached: false },
      { friends: 5, reward: 'Lifetime access', reached: false },
    ]);
    expect((await createPost(ctx.app, friend.cookie, { ...VALID_POST, title: 'Friend’s apples' })).statusCode).toBe(201);
    const after = await get(referrer.cookie, '/api/referrals/summary');
    expect(after.qualifiedFriends).toBe(1);
    expect(after.tiers[0].reached).toBe(true);
    const days = (await get(referrer.cookie, '/api/auth/me')).grants.filter((g: { kind: string }) => g.kind === 'day');
    expect(days).toHaveLength(1);
    // After the 7-day trial: 7 more days.
    const trialEnd = new Date((await get(referrer.cookie, '/api/auth/me')).trialEndsAt).getTime();
    expect((new Date(days[0].endsAt).getTime() - trialEnd) / 86_400_000).toBeCloseTo(7, 3);
    // A second post does not reward the tier again.
    await createPost(ctx.app, friend.cookie, { ...VALID_POST, title: 'More apples' });
    expect((await get(referrer.cookie, '/api/auth/me')).grants.filter((g: { kind: string }) => g.kind === 'day')).toHaveLength(1);
  });

  it('gives both $3 credit on the friend’s first payment, once; a credit buys a day pass', async () => {
    expect((await post(friend.cookie, '/api/create-one-time-payment', { type: 'lifetime' })).statusCode).toBe(200);
    expect((await get(friend.cookie, '/api/payments/config')).creditCents).toBe(300);
    const summary = await get(referrer.cookie, '/api/referrals/summary');
    expect(summary).toMatchObject({ creditCents: 300, totalEarned: 3 });
    expect((await get(referrer.cookie, '/api/referrals')).find((r: { friendName: string; bonusGranted: string }) => r.bonusGranted === 'true')).toBeDefined();
    expect((await get(referrer.cookie, '/api/auth/me')).grants).toContainEqual({ kind: 'credit', endsAt: null });

    const spent = await post(referrer.cookie, '/api/create-one-time-payment', { type: 'day', useCredit: true });
    expect(spent.json().receipt).toMatchObject({ description: '24-Hour Access', amount: 3, paidWithCredit: true, demo: false });
    expect((await get(referrer.cookie, '/api/referrals/summary')).creditCents).toBe(0);
    expect((await post(referrer.cookie, '/api/create-one-time-payment', { type: 'day', useCredit: true })).statusCode).toBe(400);
    const lifetime = await post(friend.cookie, '/api/create-one-time-payment', { type: 'lifetime', useCredit: true });
    expect(lifetime.json()).toMatchObject({ alreadyPaid: true });
  });

  it('rewards 3 friends with a month and 5 with lifetime access', async () => {
    const rita = await registerMember(ctx.app, { username: 'Rita Two' });
    const ritaCode = (await get(rita.cookie, '/api/auth/me')).inviteCode;
    for (let i = 0; i < 5; i++) {
      const f = await friendRegisters(ritaCode);
      expect((await createPost(ctx.app, f.cookie, { ...VALID_POST, title: `Post ${i}` })).statusCode).toBe(201);
    }
    const me = await get(rita.cookie, '/api/auth/me');
    expect(me.grants.filter((g: { kind: string }) => g.kind === 'day')).toHaveLength(2);
    expect(me.grants).toContainEqual({ kind: 'lifetime', endsAt: null });
    expect(me.subscriptionStatus).toBe('active');
    expect((await get(rita.cookie, '/api/referrals/summary')).tiers.every((t: { reached: boolean }) => t.reached)).toBe(true);
  });
});

describe('POST /api/referrals/invite', () => {
  it('mails the member’s own link (never one from the payload), through the outbox', async () => {
    const to = uniqueEmail('invitee');
    const res = await post(referrer.cookie, '/api/referrals/invite', { email: to, referralLink: 'https://evil.example/?ref=FFEVIL00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: REFERRAL_MESSAGES.inviteSent });
    const { text } = await smtp.mailTo(to);
    expect(text).toContain('Rita Referrer invited you');
    expect(text).toContain(`https://fruit.example.org/?ref=${code}`);
    expect(text).not.toContain('evil.example');
  });

  it('refuses a suspended member, as messages are refused (issue 19): the site mails nothing for them', async () => {
    const member = await registerMember(ctx.app, { username: 'Suspended Sam' });
    await ctx.database.db.execute(sql`UPDATE users SET suspended_at = now(), suspended_until = now() + interval '7 days', suspension_reason = 'Spam' WHERE id = ${member.id}`);
    await callerChanged(ctx, { userId: member.id });
    const to = uniqueEmail('from-suspended');
    const res = await post(member.cookie, '/api/referrals/invite', { email: to });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/^Your account is suspended until .+: Spam$/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.received.filter((m) => m.to.includes(to))).toEqual([]);
  });

  it('mails a friend once when the same invitation is sent twice at once: the other hears it was sent recently', async () => {
    const member = await registerMember(ctx.app, { username: 'Double Sender' });
    const to = uniqueEmail('at-once');
    await warmPool(ctx);
    const answers = await Promise.all([post(member.cookie, '/api/referrals/invite', { email: to }), post(member.cookie, '/api/referrals/invite', { email: to })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: REFERRAL_MESSAGES.invitedRecently });
    const { rows } = await ctx.database.pool.query('SELECT 1 FROM outbox WHERE "to" = $1', [to]);
    expect(rows).toHaveLength(1);
  });

  it('refuses one’s own address, the same friend again within 30 days, and more than 10 a day', async () => {
    const self = await post(referrer.cookie, '/api/referrals/invite', { email: referrer.email });
    expect(self.json()).toEqual({ message: REFERRAL_MESSAGES.inviteYourself });
    const to = uniqueEmail('twice');
    expect((await post(referrer.cookie, '/api/referrals/invite', { email: to })).statusCode).toBe(200);
    const again = await post(referrer.cookie, '/api/referrals/invite', { email: to.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REFERRAL_MESSAGES.invitedRecently });
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await post(referrer.cookie, '/api/referrals/invite', { email: uniqueEmail('many') })).statusCode;
    expect(status).toBe(429);
    expect((await post(referrer.cookie, '/api/referrals/invite', { email: 'not an email' })).statusCode).toBe(400);
  });
});

describe('the networks a member signed in from', () => {
  it('include the ones a long session is used from, seen at its hourly touch', async () => {
    const member = await registerMember(ctx.app, { username: 'Tom Traveller' });
    const token = member.cookie.replace(/^[^=]+=/, '');
    // A resolver of its own: its cache is empty, as another instance's would be.
    const events = { subscribe: () => {}, onResync: () => {} } as unknown as EventBus;
    const resolver = createSessionResolver({ pool: ctx.database.pool, secret: ctx.config.SESSION_SECRET, events });
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await resolver.resolve(token, '10.98.0.7', later)).not.toBeNull();
    const seen = await ctx.database.db.execute<{ address: string }>(sql`SELECT address FROM member_networks WHERE user_id = ${member.id}`);
    expect(seen.rows.map((r) => r.address)).toContain('10.98.0.7');
  });

  it('are remembered 180 days after the last time, then forgotten by the sessions sweep', async () => {
    const member = await registerMember(ctx.app, { username: 'Olga Old' });
    const now = new Date();
    const old = new Date(now.getTime() - 181 * 24 * 60 * 60 * 1000);
    await ctx.database.db.execute(sql`INSERT INTO member_networks (user_id, address, last_seen_at) VALUES (${member.id}, '10.99.0.1', ${old})`);
    await ctx.app.sessions.sweepExpired(now);
    const kept = await ctx.database.db.execute<{ address: string }>(sql`SELECT address FROM member_networks WHERE user_id = ${member.id}`);
    // The registration's network stays; the one not seen for 181 days is gone.
    expect(kept.rows.map((r) => r.address)).not.toContain('10.99.0.1');
    expect(kept.rows).toHaveLength(1);
  });
});
