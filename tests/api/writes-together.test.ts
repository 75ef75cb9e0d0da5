import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { adminMember } from './moderation-helpers';
import { createPost, VALID_POST } from './posts-helpers';

/**
 * A member's write and the notification it sends are stored in one transaction (review findings):
 * when the notification cannot be stored, the write is not either, so a retry does not repeat it.
 * A trigger that refuses notifications stands for any failure after the first write.
 */
const ctx = useTestApp();
let ann: Member;
let bob: Member;
let postId: string;

beforeAll(async () => {
  ann = await registerMember(ctx.app, { username: 'Ann Together' });
  bob = await registerMember(ctx.app, { username: 'Bob Together' });
  postId = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Pears to share' })).json().id;
  // Each has written to the other, so Bob may rate Ann (DECISIONS 20).
  for (const [from, to] of [[bob, ann], [ann, bob]] as const) {
    expect((await post(from, '/api/messages', { toUserId: to.id, content: 'Hello' })).statusCode).toBe(201);
  }
  await ctx.database.pool.query(`CREATE FUNCTION refuse_notifications() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'notifications refused by the test'; END $$`);
});

afterEach(() => ctx.database.pool.query('DROP TRIGGER IF EXISTS refuse_notifications ON notifications'));

const post = (from: Member, url: string, payload: object) => ctx.app.inject(as(from.cookie, { method: 'POST', url, payload }));
const refuseNotifications = () =>
  ctx.database.pool.query('CREATE TRIGGER refuse_notifications BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_notifications()');
const count = async (sql: string, params: unknown[]) => (await ctx.database.pool.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('a write and its notification', () => {
  it('stores a message with its notification or neither', async () => {
    await refuseNotifications();
    expect((await post(bob, '/api/messages', { toUserId: ann.id, postId, content: 'Only once, please' })).statusCode).toBe(500);
    expect(await count(`SELECT count(*)::int AS n FROM messages WHERE content = 'Only once, please'`, [])).toBe(0);
  });

  it('stores a comment with its notification or neither', async () => {
    await refuseNotifications();
    expect((await post(bob, `/api/posts/${postId}/comments`, { content: 'Still there?' })).statusCode).toBe(500);
    expect(await count('SELECT count(*)::int AS n FROM comments WHERE post_id = $1', [postId])).toBe(0);
  });

  it('stores a rating with its notification or neither', async () => {
    await refuseNotifications();
    expect((await post(bob, '/api/user-ratings', { ratedUserId: ann.id, rating: 5 })).statusCode).toBe(500);
    expect(await count('SELECT count(*)::int AS n FROM user_ratings WHERE rated_user_id = $1', [ann.id])).toBe(0);
  });

  it('tells a member of a suspension only when it is stored, with its line in the audit log', async () => {
    const admin = await adminMember(ctx, 'Admin Together');
    await ctx.database.pool.query('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_notifications()');
    try {
      const res = await ctx.app.inject(as(admin.cookie, { method: 'POST', url: `/api/admin/users/${bob.id}/suspend`, payload: { reason: 'Spam', end: '7d' } }));
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.pool.query('DROP TRIGGER refuse_audit ON audit_log');
    }
    expect(await count('SELECT count(*)::int AS n FROM users WHERE id = $1 AND suspended_at IS NOT NULL', [bob.id])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'account_suspended'`, [bob.id])).toBe(0);
  });

  it('stores all three once notifications can be stored again', async () => {
    expect((await post(bob, '/api/messages', { toUserId: ann.id, postId, content: 'Only once, please' })).statusCode).toBe(201);
    expect((await post(bob, `/api/posts/${postId}/comments`, { content: 'Still there?' })).statusCode).toBe(201);
    expect((await post(bob, '/api/user-ratings', { ratedUserId: ann.id, rating: 5 })).statusCode).toBeLessThan(300);
    expect(await count(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type IN ('new_message', 'new_comment', 'new_rating')`, [ann.id])).toBe(4);
  });
});
