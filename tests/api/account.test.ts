import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ACCOUNT_MESSAGES } from '../../src/domain/account';
import { as, metMidway, registerMember, useTestApp, type Member } from './helpers';
import { adminMember, report } from './moderation-helpers';
import { createPost, uploadedFiles, VALID_POST } from './posts-helpers';

/** Members own their data (DECISIONS 17): all of it as a file, and closing the account. */
const ctx = useTestApp();
let photo: Buffer;

beforeAll(async () => {
  photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2e7d32' } }).jpeg().toBuffer();
});

const call = (who: Member | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject(who ? as(who.cookie, { method, url, payload }) : { method, url, payload });
const total = async (viewer: Member) => Number((await call(viewer, 'GET', '/api/posts?type=fruit')).headers['x-total-count']);

/** A member who shared a post with a photo, favourited it, commented, and wrote to `other`, who wrote back. */
async function activeMember(other: Member) {
  const member = await registerMember(ctx.app, { username: 'Leaving Member' });
  const post = (await createPost(ctx.app, member.cookie, { ...VALID_POST, title: 'Quinces to give' }, { bytes: photo })).json();
  expect((await call(member, 'POST', '/api/favorites', { postId: post.id })).statusCode).toBeLessThan(300);
  expect((await call(member, 'POST', `/api/posts/${post.id}/comments`, { content: 'Still plenty' })).statusCode).toBe(201);
  expect((await call(member, 'POST', '/api/messages', { toUserId: other.id, content: 'Hello there' })).statusCode).toBe(201);
  expect((await call(other, 'POST', '/api/messages', { toUserId: member.id, content: 'Hi back' })).statusCode).toBe(201);
  return { member, post };
}

describe('GET /api/user/export', () => {
  it('gives the member everything kept of them as a JSON file, without the password hash', async () => {
    const other = await registerMember(ctx.app, { username: 'Other Member' });
    const { member, post } = await activeMember(other);
    const res = await call(member, 'GET', '/api/user/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="free-fruit-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ id: member.id, email: member.email, username: 'Leaving Member', mailMessages: true });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|argon2/);
    expect(data.posts).toEqual([expect.objectContaining({ id: post.id, title: 'Quinces to give', userId: member.id, address: VALID_POST.address })]);
    expect(data.posts[0]).not.toHaveProperty('searchVector');
    expect(data.favourites).toHaveLength(1);
    expect(data.comments).toEqual([expect.objectContaining({ content: 'Still plenty' })]);
    expect(data.messages.map((m: { content: string }) => m.content).sort()).toEqual(['Hello there', 'Hi back']);
    expect(data.grants).toEqual([expect.objectContaining({ kind: 'trial' })]);
    // The networks remembered for referrals (0134) are the member's own data, and in it.
    expect(data.signInNetworks).toEqual([{ address: expect.any(String), lastSeenAt: expect.any(String) }]);
  });

  it("keeps the decision on the member's reports and verification requests and its date, never the admin who made it", async () => {
    const member = await registerMember(ctx.app, { username: 'Careful Reporter' });
    const owner = await registerMember(ctx.app, { username: 'Owner' });
    const admin = await adminMember(ctx, 'Deciding Admin');
    const postId = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Too good to be true' })).json().id;
    const filed = await call(member, 'POST', '/api/posts/report', { postId, reason: 'scam' });
    expect(filed.statusCode, filed.body).toBe(201);
    const decided = await call(admin, 'PATCH', `/api/admin/reports/${filed.json().id}`, { status: 'dismissed', reviewNotes: 'Looks fine' });
    expect(decided.statusCode, decided.body).toBe(200);
    const asked = await call(member, 'POST', '/api/verification-requests', {
      businessName: 'Oak & Ash Tree Care',
      verifiedType: 'arborist',
      businessPhone: '+1 (416) 555-0142',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await call(admin, 'PATCH', `/api/admin/verification-requests/${asked.json().id}`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);

    const res = await call(member, 'GET', '/api/user/export');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.reports).toEqual([expect.objectContaining({ postId, status: 'dismissed', reviewNotes: 'Looks fine', reviewedAt: expect.any(String) })]);
    expect(data.verificationRequests).toEqual([expect.objectContaining({ status: 'approved', reviewedAt: expect.any(String) })]);
    expect(data.reports[0]).not.toHaveProperty('reviewedBy');
    expect(data.verificationRequests[0]).not.toHaveProperty('reviewedBy');
    expect(res.body).not.toContain(admin.id);
  });

  it('is limited to 10 an hour per member (429 with the retry time)', async () => {
    const member = await registerMember(ctx.app);
    for (let i = 0; i < 10; i++) expect((await call(member, 'GET', '/api/user/export')).statusCode).toBe(200);
    const limited = await call(member, 'GET', '/api/user/export');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is for a signed-in member only', async () => {
    const res = await call(null, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.signIn });
  });
});

describe('DELETE /api/user/me', () => {
  it('closes an account while an admin decides a report of its post, neither waiting on the other forever', async () => {
    const member = await registerMember(ctx.app, { username: 'Closing Carl' });
    const admin = await adminMember(ctx, 'Deciding admin');
    const postId = (await createPost(ctx.app, member.cookie, { ...VALID_POST, title: 'Last post' })).json().id;
    const filed = (await report(ctx, await registerMember(ctx.app, { username: 'Reporter' }), postId)).json();
    // The closing is held once the member's posts are deleted, before their row is, while the decision starts.
    const [closed, decided] = await metMidway(
      ctx,
      { table: 'posts', when: 'AFTER DELETE' },
      () => call(member, 'DELETE', '/api/user/me', { password: member.password }),
      () => call(admin, 'PATCH', `/api/admin/reports/${filed.id}`, { status: 'resolved' }),
    );
    expect(closed.statusCode, closed.body).toBe(204);
    expect([200, 404], decided.body).toContain(decided.statusCode);
  });

  it('asks for the password again, and keeps the account when it is wrong or missing', async () => {
    const member = await registerMember(ctx.app);
    expect((await call(member, 'DELETE', '/api/user/me', {})).json()).toMatchObject({ message: ACCOUNT_MESSAGES.passwordRequired });
    const wrong = await call(member, 'DELETE', '/api/user/me', { password: 'not mine' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword });
    expect((await call(member, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await call(null, 'DELETE', '/api/user/me', { password: 'secret123' })).statusCode).toBe(401);
  });

  it('limits wrong passwords per member (429 with the retry time)', async () => {
    const member = await registerMember(ctx.app);
    for (let i = 0; i < 5; i++) expect((await call(member, 'DELETE', '/api/user/me', { password: `guess ${i}` })).statusCode).toBe(401);
    const limited = await call(member, 'DELETE', '/api/user/me', { password: member.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('deletes the account, its session, its posts and their photos, and what it wrote; payments stay without it', async () => {
    const other = await registerMember(ctx.app, { username: 'Other Member' });
    const { member, post } = await activeMember(other);
    expect((await call(member, 'POST', '/api/create-one-time-payment', { type: 'day' })).statusCode).toBe(200);
    // What the member did that `other` is told of: a message (activeMember's), a comment on their post, a rating; and a third member's message.
    const theirs = (await createPost(ctx.app, other.cookie, { ...VALID_POST, title: 'Pears of the other' })).json();
    expect((await call(member, 'POST', `/api/posts/${theirs.id}/comments`, { content: 'Lovely pears' })).statusCode).toBe(201);
    expect((await call(member, 'POST', '/api/user-ratings', { ratedUserId: other.id, rating: 5 })).statusCode).toBe(201);
    const third = await registerMember(ctx.app, { username: 'Third Member' });
    expect((await call(third, 'POST', '/api/messages', { toUserId: other.id, content: 'Still here' })).statusCode).toBe(201);
    const told = async () => ((await call(other, 'GET', '/api/notifications')).json().items as { type: string }[]).map((n) => n.type).sort();
    expect(await told()).toEqual(['new_comment', 'new_message', 'new_message', 'new_rating']);
    const before = await total(other);
    const keys = [post.imageUrl, post.thumbnailUrl].map((u: string) => u.replace('/uploads/', ''));
    expect(await uploadedFiles(ctx)).toEqual(expect.arrayContaining(keys));

    const res = await call(member, 'DELETE', '/api/user/me', { password: member.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await call(member, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password }, remoteAddress: '10.71.0.1' });
    expect(signIn.statusCode).toBe(401);
    expect(await total(other)).toBe(before - 1);
    expect((await call(other, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(((await call(other, 'GET', '/api/messages')).json() as { otherUserId: string }[]).map((t) => t.otherUserId)).toEqual([third.id]);
    // Their notifications, which quoted the member and named them, went too; the third member's stays (0131).
    expect(await told()).toEqual(['new_message']);
    const thread = await call(other, 'GET', `/api/messages/with/${member.id}?postId=none`);
    expect(thread.statusCode, thread.body).toBe(404);
    expect(await uploadedFiles(ctx)).not.toEqual(expect.arrayContaining([keys[0]]));
    const { rows } = await ctx.database.pool.query(
      `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users, (SELECT count(*)::int FROM comments WHERE author_id = $1) AS comments,
              (SELECT count(*)::int FROM payments WHERE user_id IS NULL AND product = 'day') AS anonymous_payments`,
      [member.id],
    );
    expect(rows[0]).toMatchObject({ users: 0, comments: 0 });
    expect(rows[0].anonymous_payments).toBeGreaterThan(0);
  });
});
