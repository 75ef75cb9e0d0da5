import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '../../src/domain/messages';
import { POLICY_MESSAGES } from '../../src/domain/policy';
import { RATING_MESSAGES } from '../../src/domain/members';
import { POST_MESSAGES } from '../../src/server/modules/posts/service';
import { as, registerMember, useTestApp, whileCommitting, type Member } from './helpers';
import { createPost, resetRateLimits, VALID_POST } from './posts-helpers';
import { adminMember } from './moderation-helpers';

/** Messages and the inbox (spec §2 dialog 5, §5, §7; DECISIONS 14). */
const ctx = useTestApp();
let ann: Member;
let bob: Member;
let postId: string;

beforeAll(async () => {
  ann = await registerMember(ctx.app, { username: 'Ann Apple' });
  bob = await registerMember(ctx.app, { username: 'Bob Birch' });
  postId = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Honeycrisp apples' })).json().id;
});

const call = (cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject(cookie ? as(cookie, { method, url, payload }) : { method, url, payload });
const send = (from: Member, payload: object) => call(from.cookie, 'POST', '/api/messages', payload);

describe('sending', () => {
  it('sends from the session’s member, with the subject defaulting to Re: and the post title', async () => {
    const res = await send(bob, { toUserId: ann.id, postId, content: '  Are they still there?  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      fromUserId: bob.id,
      toUserId: ann.id,
      fromName: 'Bob Birch',
      toName: 'Ann Apple',
      postId,
      postTitle: 'Honeycrisp apples',
      subject: 'Re: Honeycrisp apples',
      content: 'Are they still there?',
      readAt: null,
    });
    expect((await send(bob, { toUserId: ann.id, content: 'Hello', subject: 'Pickup' })).json()).toMatchObject({ subject: 'Pickup', postId: null });
  });

  it('answers 404, not 500, when the post or the recipient is deleted at that moment', async () => {
    const id = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Gone soon' })).json().id;
    const aboutPost = await whileCommitting(ctx, 'DELETE FROM posts WHERE id = $1', [id], () => send(bob, { toUserId: ann.id, postId: id, content: 'Still there?' }));
    expect(aboutPost.statusCode, aboutPost.body).toBe(404);
    expect(aboutPost.json()).toEqual({ message: POST_MESSAGES.notFound });
    const leaving = await registerMember(ctx.app, { username: 'Leaving Lou' });
    const toMember = await whileCommitting(ctx, 'DELETE FROM users WHERE id = $1', [leaving.id], () => send(bob, { toUserId: leaving.id, content: 'Hello?' }));
    expect(toMember.statusCode, toMember.body).toBe(404);
    expect(toMember.json()).toEqual({ message: RATING_MESSAGES.notFound });
  });

  it('refuses an empty message, a long one or subject, another sender id, oneself, and guests', async () => {
    expect((await send(bob, { toUserId: ann.id, content: '   ' })).json()).toMatchObject({ message: MESSAGE_MESSAGES.empty });
    expect((await send(bob, { toUserId: ann.id })).json()).toMatchObject({ message: MESSAGE_MESSAGES.empty });
    expect((await send(bob, { toUserId: ann.id, content: 'x'.repeat(501) })).json().message).toBe(MESSAGE_MESSAGES.tooLong);
    expect((await send(bob, { toUserId: ann.id, content: 'Hi', subject: 's'.repeat(101) })).json().message).toBe(MESSAGE_MESSAGES.subjectTooLong);
    // Exactly at the limits of spec §9: a 500-character message with a 100-character subject.
    const full = await send(bob, { toUserId: ann.id, content: 'x'.repeat(500), subject: 's'.repeat(100) });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({ content: 'x'.repeat(500), subject: 's'.repeat(100) });
    expect((await send(bob, { fromUserId: ann.id, toUserId: ann.id, content: 'Hi' })).statusCode).toBe(403);
    expect((await send(ann, { toUserId: ann.id, content: 'Hi' })).json()).toEqual({ message: POLICY_MESSAGES.messageYourself });
    expect((await send(ann, { toUserId: ann.id.toUpperCase(), content: 'Hi' })).json()).toEqual({ message: POLICY_MESSAGES.messageYourself });
    // The sender named in upper case is still the sender.
    expect((await send(bob, { fromUserId: bob.id.toUpperCase(), toUserId: ann.id, content: 'Hi' })).statusCode).toBe(201);
    expect((await call(null, 'POST', '/api/messages', { toUserId: ann.id, content: 'Hi' })).statusCode).toBe(401);
    expect((await send(bob, { toUserId: '00000000-0000-4000-8000-000000000000', content: 'Hi' })).statusCode).toBe(404);
  });

  it("refuses a conversation about a post neither member owns, and lets its owner answer about it (0131)", async () => {
    const cat = await registerMember(ctx.app, { username: 'Cat Cedar' });
    const res = await send(bob, { toUserId: cat.id, postId, content: 'About Ann’s apples' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGE_MESSAGES.notAboutTheirPost });
    expect((await send(cat, { toUserId: ann.id, postId, content: 'Are they sweet?' })).statusCode).toBe(201);
    expect((await send(ann, { toUserId: cat.id, postId, content: 'Very' })).statusCode).toBe(201);
  });

  it("goes on about a post hidden since (its owner suspended), and starts no new thread about it (0146)", async () => {
    const admin = await adminMember(ctx, 'Moderating Mo');
    const owner = await registerMember(ctx.app, { username: 'Owen Oak' });
    const asker = await registerMember(ctx.app, { username: 'Asking Ada' });
    const stranger = await registerMember(ctx.app, { username: 'New Nell' });
    const hidden = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Oak rounds' })).json().id;
    expect((await send(asker, { toUserId: owner.id, postId: hidden, content: 'Still there?' })).statusCode).toBe(201);
    await call(admin.cookie, 'POST', `/api/admin/users/${owner.id}/suspend`, { reason: 'Deposits', end: '7d' });

    const reply = await send(asker, { toUserId: owner.id, postId: hidden, content: 'Are you there?' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ postId: hidden, content: 'Are you there?' });
    const thread = await call(asker.cookie, 'GET', `/api/messages/with/${owner.id}?postId=${hidden}`);
    expect(thread.json().map((m: { content: string }) => m.content)).toEqual(['Are you there?', 'Still there?']);
    // A member who never wrote about it may not start on it: to them it is not there.
    const fresh = await send(stranger, { toUserId: owner.id, postId: hidden, content: 'Hello' });
    expect(fresh.statusCode).toBe(404);
    expect(fresh.json()).toEqual({ message: POST_MESSAGES.notFound });
  });

  it('keeps a conversation about a post deleted since apart from the general one, named by the title it last had (0148)', async () => {
    const owner = await registerMember(ctx.app, { username: 'Della Deletes' });
    const asker = await registerMember(ctx.app, { username: 'Asking Abe' });
    const stranger = await registerMember(ctx.app, { username: 'Late Larry' });
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Six skids' })).json().id;
    expect((await send(asker, { toUserId: owner.id, postId: id, content: 'Still there?' })).statusCode).toBe(201);
    expect((await send(asker, { toUserId: owner.id, content: 'Also, hello!' })).statusCode).toBe(201);
    await ctx.database.pool.query(`UPDATE posts SET title = 'Six heat-treated skids' WHERE id = $1`, [id]);
    expect((await call(owner.cookie, 'DELETE', `/api/posts/${id}`)).statusCode).toBe(204);

    const inbox = (await call(asker.cookie, 'GET', '/api/messages')).json() as Array<{ otherUserId: string; postId: string | null; postTitle: string | null; postDeleted: boolean }>;
    const withOwner = inbox.filter((t) => t.otherUserId === owner.id).map(({ postId, postTitle, postDeleted }) => ({ postId, postTitle, postDeleted }));
    expect(withOwner).toEqual([
      { postId: null, postTitle: null, postDeleted: false },
      { postId: id, postTitle: 'Six heat-treated skids', postDeleted: true },
    ]);
    // The two of them may go on in it; no one starts a new one about it.
    const reply = await send(owner, { toUserId: asker.id, postId: id, content: 'Sorry, all gone.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ postId: id, postTitle: 'Six heat-treated skids', postDeleted: true });
    const thread = (await call(asker.cookie, 'GET', `/api/messages/with/${owner.id}?postId=${id}`)).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Sorry, all gone.', 'Still there?']);
    expect((await send(stranger, { toUserId: owner.id, postId: id, content: 'Hello' })).statusCode).toBe(404);
  });

  it('tells the recipient (spec §3 new_message)', async () => {
    const res = await send(bob, { toUserId: ann.id, content: 'Ping' });
    const [n] = (await call(ann.cookie, 'GET', '/api/notifications')).json().items;
    expect(n).toMatchObject({ type: 'new_message', data: { fromUserId: bob.id, fromUsername: 'Bob Birch', content: 'Ping', messageId: res.json().id, postId: null } });
  });
});

describe('the inbox (DECISIONS 14)', () => {
  it('threads by the other member and the post, newest first, with unread counts, and marks a thread read', async () => {
    const carl = await registerMember(ctx.app, { username: 'Carl' });
    const dora = await registerMember(ctx.app, { username: 'Dora' });
    const carlsPost = (await createPost(ctx.app, carl.cookie, { ...VALID_POST, title: 'Bartlett pears' })).json().id;
    await send(dora, { toUserId: carl.id, postId: carlsPost, content: 'About the pears' });
    await send(dora, { toUserId: carl.id, postId: carlsPost, content: 'Still keen' });
    await send(dora, { toUserId: carl.id, content: 'Unrelated' });
    await send(carl, { toUserId: dora.id, content: 'Hi Dora' });
    const threads = (await call(carl.cookie, 'GET', '/api/messages')).json();
    expect(threads.map((t: { postTitle: string | null; unread: number; last: { content: string } }) => [t.postTitle, t.unread, t.last.content])).toEqual([
      [null, 1, 'Hi Dora'],
      ['Bartlett pears', 2, 'Still keen'],
    ]);
    expect(threads[0]).toMatchObject({ otherUserId: dora.id, otherName: 'Dora' });
    const thread = (await call(carl.cookie, 'GET', `/api/messages/with/${dora.id}?postId=${carlsPost}`)).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Still keen', 'About the pears']);
    expect((await call(carl.cookie, 'POST', `/api/messages/with/${dora.id}/read?postId=${carlsPost}`)).statusCode).toBe(204);
    const after = (await call(carl.cookie, 'GET', '/api/messages')).json();
    expect(after.map((t: { unread: number }) => t.unread)).toEqual([1, 0]);
    // The bell agrees: the thread's notifications are read, the other thread's is not.
    const bell = (await call(carl.cookie, 'GET', '/api/notifications')).json();
    expect(bell.unread).toBe(1);
    expect(bell.items.filter((n: { read: boolean }) => !n.read).map((n: { data: { content: string } }) => n.data.content)).toEqual(['Unrelated']);
    // Dora's own messages count as read for her: unread is only what she received.
    expect((await call(dora.cookie, 'GET', '/api/messages')).json().map((t: { unread: number }) => t.unread)).toEqual([1, 0]);
  });
});

describe('limits', () => {
  it('allows 20 new conversations a day and 60 messages an hour, with the retry time', async () => {
    await resetRateLimits(ctx);
    const sender = await registerMember(ctx.app);
    const others = await Promise.all(Array.from({ length: 21 }, () => registerMember(ctx.app)));
    for (let i = 0; i < 20; i++) expect((await send(sender, { toUserId: others[i]!.id, content: 'Hi' })).statusCode).toBe(201);
    const refused = await send(sender, { toUserId: others[20]!.id, content: 'Hi' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many new conversations\./);
    for (let i = 20; i < 60; i++) expect((await send(sender, { toUserId: others[0]!.id, content: `More ${i}` })).statusCode).toBe(201);
    const many = await send(sender, { toUserId: others[0]!.id, content: 'One too many' });
    expect(many.statusCode).toBe(429);
    expect(many.json().message).toMatch(/^Too many messages\. Please try again in \d+ minutes?\.$/);
    expect(Number(many.headers['retry-after'])).toBeGreaterThan(0);
  });
});
