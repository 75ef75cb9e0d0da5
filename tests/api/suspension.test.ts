import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suspendedUntilText } from '../../src/domain/suspension';
import { COMMAND_LINE, setAdminRole } from '../../src/server/modules/admin/roles';
import { SUSPENSION_MESSAGES } from '../../src/server/modules/admin/suspensions';
import { as, lockWaited, metMidway, registerMember, useTestApp, warmPool, type Member } from './helpers';
import { adminMember, call, listed, notificationsOf, postOf } from './moderation-helpers';
import { createPost, postForm, VALID_POST } from './posts-helpers';

/** Suspensions (issue 19): what a suspended member can no longer do, and what others no longer see. */
const ctx = useTestApp();
let admin: Member;
let neighbour: Member;

beforeAll(async () => {
  admin = await adminMember(ctx);
  neighbour = await registerMember(ctx.app, { username: 'Neighbour' });
});

const REASON = 'Selling firewood he was given';
const suspend = (member: Member, payload: object = { reason: REASON, end: '7d' }) =>
  ctx.app.inject(as(admin.cookie, { method: 'POST', url: `/api/admin/users/${member.id}/suspend`, payload }));
/** The list's total of firewood posts, as X-Total-Count says it. */
const total = async () => Number((await ctx.app.inject(as(neighbour.cookie, { method: 'GET', url: '/api/posts?type=firewood' }))).headers['x-total-count']);

describe('a suspended member', () => {
  it('gets 403 with until when and why on post, comment, message, rate, report and verification, but still signs in and reads', async () => {
    const member = await registerMember(ctx.app, { username: 'Seller' });
    const neighbourPost = await postOf(ctx, neighbour, 'Neighbour logs');
    const res = await suspend(member);
    expect(res.statusCode, res.body).toBe(200);
    const until = res.json().suspension.until as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const message = `Your account is suspended until ${suspendedUntilText(new Date(until))}: ${REASON}`;

    const attempts = [
      createPost(ctx.app, member.cookie, { ...VALID_POST, title: 'More' }),
      ctx.app.inject(as(member.cookie, { method: 'POST', url: `/api/posts/${neighbourPost}/comments`, payload: { content: 'Hi' } })),
      ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: neighbour.id, content: 'Hi' } })),
      ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/user-ratings', payload: { ratedUserId: neighbour.id, rating: 5 } })),
      ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts/report', payload: { postId: neighbourPost, reason: 'spam' } })),
      ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/verification-requests', payload: { businessName: 'Me', verifiedType: 'individual', businessPhone: '4165550100' } })),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(attempt.json()).toEqual({ message });
    }
    // Signing in, reading and seeing why still work.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().suspension).toEqual({ until, reason: REASON });
    expect((await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/posts' }))).statusCode).toBe(200);
    expect(await call(ctx, member, 'GET', '/api/session')).toMatchObject({ user: { suspension: { until, reason: REASON } } });
    expect((await notificationsOf(ctx, member))[0]).toMatchObject({ type: 'account_suspended', data: { until, reason: REASON } });
  });

  it('has their posts leave the list, the map, their links and the totals until the suspension is lifted', async () => {
    const member = await registerMember(ctx.app, { username: 'Lister' });
    const [a, b] = [await postOf(ctx, member, 'Birch one'), await postOf(ctx, member, 'Birch two')];
    const before = await total();
    await suspend(member, { reason: REASON, end: 'none' });
    expect(await listed(ctx, neighbour, a)).toBe(false);
    expect(await listed(ctx, neighbour, b)).toBe(false);
    expect(await total()).toBe(before - 2);
    const map = (await ctx.app.inject(as(neighbour.cookie, { method: 'GET', url: '/api/posts/map?bbox=-80,43,-79,44&zoom=16&type=firewood' }))).json();
    expect(JSON.stringify(map)).not.toContain(a);
    const wide = (await ctx.app.inject(as(neighbour.cookie, { method: 'GET', url: '/api/posts/map?bbox=-80,43,-79,44&zoom=3&type=firewood' }))).json();
    expect(wide.total).toBe(before - 2);
    expect((await ctx.app.inject(as(neighbour.cookie, { method: 'GET', url: `/api/posts/${a}` }))).statusCode).toBe(404);
    // The member still sees their own.
    expect((await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/posts/${a}` }))).statusCode).toBe(200);

    expect(await call(ctx, admin, 'DELETE', `/api/admin/users/${member.id}/suspend`)).toEqual({ userId: member.id, suspension: null });
    expect(await listed(ctx, neighbour, a)).toBe(true);
    expect(await total()).toBe(before);
    expect((await ctx.app.inject(as(member.cookie, { method: 'POST', url: `/api/posts/${a}/comments`, payload: { content: 'Back' } }))).statusCode).toBe(201);
    expect((await notificationsOf(ctx, member))[0]).toMatchObject({ type: 'suspension_lifted' });
  });

  it('may not change what their posts say or their status while suspended, but may delete them; an admin still may (0124)', async () => {
    const member = await registerMember(ctx.app, { username: 'Editor' });
    const [kept, gone] = [await postOf(ctx, member, 'Oak logs'), await postOf(ctx, member, 'Oak kindling')];
    const until = (await suspend(member)).json().suspension.until as string;
    const message = `Your account is suspended until ${suspendedUntilText(new Date(until))}: ${REASON}`;
    const edit = (who: Member, id: string) =>
      ctx.app.inject(as(who.cookie, { method: 'PATCH', url: `/api/posts/${id}`, payload: postForm({ ...VALID_POST, title: 'Rewritten' }) }));
    const status = (who: Member, id: string) =>
      ctx.app.inject(as(who.cookie, { method: 'PATCH', url: `/api/posts/${id}/status`, payload: { status: 'unavailable', statusNotes: 'Call me' } }));
    for (const attempt of [await edit(member, kept), await status(member, kept)]) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(attempt.json()).toEqual({ message });
    }
    const own = (await ctx.app.inject(as(member.cookie, { method: 'GET', url: `/api/posts/${kept}` }))).json();
    expect([own.title, own.status]).toEqual(['Oak logs', 'available']);
    expect((await ctx.app.inject(as(member.cookie, { method: 'DELETE', url: `/api/posts/${gone}` }))).statusCode).toBe(204);
    // An admin acts on the post as before; a neighbour is refused as before, whatever the owner's suspension.
    expect((await status(admin, kept)).json()).toMatchObject({ status: 'unavailable' });
    expect((await edit(neighbour, kept)).json()).toEqual({ message: 'Only the owner or an admin can change this post.' });

    await call(ctx, admin, 'DELETE', `/api/admin/users/${member.id}/suspend`);
    expect((await edit(member, kept)).json()).toMatchObject({ title: 'Rewritten' });
  });

  it('is listed again once a suspension’s end has passed', async () => {
    const member = await registerMember(ctx.app, { username: 'Expiring' });
    const id = await postOf(ctx, member, 'Spruce');
    await suspend(member);
    expect(await listed(ctx, neighbour, id)).toBe(false);
    await ctx.database.db.execute(sql`UPDATE users SET suspended_until = now() - interval '1 minute' WHERE id = ${member.id}`);
    expect(await ctx.app.admin.sweepEndedSuspensions()).toBe(1);
    expect(await listed(ctx, neighbour, id)).toBe(true);
    expect(await call(ctx, member, 'GET', '/api/auth/me')).toMatchObject({ suspension: null });
  });
});

describe('suspending', () => {
  it('refuses an admin, a member who is not suspended when lifting, an unknown member and a suspension without a reason or end', async () => {
    const other = await adminMember(ctx, 'Other admin');
    expect((await suspend(other)).json()).toEqual({ message: SUSPENSION_MESSAGES.admin });
    const member = await registerMember(ctx.app);
    const lift = await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/admin/users/${member.id}/suspend` }));
    expect(lift.statusCode).toBe(409);
    expect(lift.json()).toEqual({ message: SUSPENSION_MESSAGES.notSuspended });
    expect((await suspend({ ...member, id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await suspend(member, { reason: ' ', end: '7d' })).json()).toMatchObject({ message: 'Please give a reason for the suspension' });
    expect((await suspend(member, { reason: REASON, end: '1y' })).json()).toMatchObject({ message: 'End must be 7d, 30d or none' });
  });
});

describe('lifting at the same moment', () => {
  it('lifts once when the lift is sent twice at once: the other hears the member is not suspended, the member is told once', async () => {
    const member = await registerMember(ctx.app, { username: 'Lifted twice' });
    await suspend(member);
    const lift = () => ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/admin/users/${member.id}/suspend` }));
    await warmPool(ctx);
    const answers = await Promise.all([lift(), lift()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await notificationsOf(ctx, member)).filter((n) => n.type === 'suspension_lifted')).toHaveLength(1);
    const { rows } = await ctx.database.pool.query(`SELECT 1 FROM audit_log WHERE target_id = $1 AND action = 'suspension_lifted'`, [member.id]);
    expect(rows).toHaveLength(1);
  });

  it('leaves a suspension an admin set again after the sweep looked for ended ones', async () => {
    const member = await registerMember(ctx.app, { username: 'Suspended again' });
    await suspend(member);
    await ctx.database.db.execute(sql`UPDATE users SET suspended_until = now() - interval '1 minute' WHERE id = ${member.id}`);
    // The admin's new suspension holds the member until the sweep, which has seen the ended one, waits for them.
    const admins = await ctx.database.pool.connect();
    let lifted = -1;
    try {
      await admins.query('BEGIN');
      await admins.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [member.id]);
      const sweep = ctx.app.admin.sweepEndedSuspensions();
      expect(await lockWaited(ctx)).toBe(true);
      await admins.query(`UPDATE users SET suspended_at = now(), suspended_until = now() + interval '7 days', suspension_reason = 'Again' WHERE id = $1`, [member.id]);
      await admins.query('COMMIT');
      lifted = await sweep;
    } finally {
      admins.release();
    }
    const { rows } = await ctx.database.pool.query('SELECT suspension_reason FROM users WHERE id = $1', [member.id]);
    expect(rows).toEqual([{ suspension_reason: 'Again' }]);
    expect(lifted).toBe(0);
  });
});

describe('suspending while the member shares a post', () => {
  it('takes the post out of lists with the rest when the suspension lands while it is written', async () => {
    const member = await registerMember(ctx.app, { username: 'Racing poster' });
    // The post's insert waits while the admin suspends the member.
    const [posted, suspended] = await metMidway(
      ctx,
      { table: 'posts', when: 'BEFORE INSERT' },
      () => createPost(ctx.app, member.cookie, { ...VALID_POST, type: 'firewood', title: 'Slipped in' }),
      () => suspend(member),
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect([201, 403]).toContain(posted.statusCode);
    const { rows } = await ctx.database.pool.query('SELECT title FROM posts WHERE user_id = $1 AND NOT owner_suspended', [member.id]);
    expect(rows).toEqual([]);
  });
});

describe("a member's profile", () => {
  it('tells an admin, and only an admin, whether the member is an admin and their suspension while it holds', async () => {
    const member = await registerMember(ctx.app, { username: 'Profiled' });
    const profile = (who: Member) => call<{ moderation: unknown }>(ctx, who, 'GET', `/api/users/${member.id}`);
    expect((await profile(admin)).moderation).toEqual({ isAdmin: false, suspension: null });
    expect((await profile(neighbour)).moderation).toBeNull();
    expect((await profile(member)).moderation).toBeNull();
    const until = (await suspend(member)).json().suspension.until as string;
    expect((await profile(admin)).moderation).toEqual({ isAdmin: false, suspension: { until, reason: REASON } });
    expect((await profile(neighbour)).moderation).toBeNull();
    const guest = await ctx.app.inject({ method: 'GET', url: `/api/users/${member.id}` });
    expect(guest.json().moderation).toBeNull();
    expect((await call<{ moderation: unknown }>(ctx, member, 'GET', `/api/users/${admin.id}`)).moderation).toBeNull();
    expect((await call<{ moderation: unknown }>(ctx, neighbour, 'GET', `/api/users/${admin.id}`)).moderation).toBeNull();
    const other = await adminMember(ctx, 'Second admin');
    expect((await call<{ moderation: unknown }>(ctx, other, 'GET', `/api/users/${admin.id}`)).moderation).toEqual({ isAdmin: true, suspension: null });
  });
});

describe('suspending while the member is made an admin', () => {
  // What `npm run admin -- grant` and ADMIN_EMAILS at start-up both call.
  const promote = (member: Member) => setAdminRole(ctx.database, member.email, true, COMMAND_LINE);
  const standing = async (member: Member) =>
    (await ctx.database.pool.query('SELECT is_admin, suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1', [member.id])).rows[0];

  it('leaves a suspended member a member when the promotion comes while the suspension is written', async () => {
    const member = await registerMember(ctx.app, { username: 'Promoted too late' });
    // The suspension's notice waits while the member is being made an admin.
    const [suspended, promoted] = await metMidway(ctx, { table: 'notifications', when: 'BEFORE INSERT' }, () => suspend(member), () => promote(member));
    expect(await standing(member)).toEqual({ is_admin: false, suspended: true });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(promoted).toMatchObject({ changed: false, refusedFor: { reason: REASON } });
  });

  it('refuses the suspension when the member is made an admin while it is looked at', async () => {
    const member = await registerMember(ctx.app, { username: 'Promoted first' });
    // The promotion's audit line waits while an admin suspends the member.
    const [promoted, suspended] = await metMidway(ctx, { table: 'audit_log', when: 'BEFORE INSERT' }, () => promote(member), () => suspend(member));
    expect(await standing(member)).toEqual({ is_admin: true, suspended: false });
    expect(promoted).toMatchObject({ changed: true });
    expect(suspended.statusCode, suspended.body).toBe(403);
    expect(suspended.json()).toEqual({ message: SUSPENSION_MESSAGES.admin });
  });

  it('does not make a suspended member an admin until the suspension is lifted', async () => {
    const member = await registerMember(ctx.app, { username: 'Suspended candidate' });
    await suspend(member);
    expect(await promote(member)).toMatchObject({ changed: false, refusedFor: { reason: REASON } });
    expect(await standing(member)).toEqual({ is_admin: false, suspended: true });
    await call(ctx, admin, 'DELETE', `/api/admin/users/${member.id}/suspend`);
    expect(await promote(member)).toMatchObject({ changed: true, refusedFor: null });
  });
});
