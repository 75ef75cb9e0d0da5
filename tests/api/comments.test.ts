import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../src/domain/comments';
import { POST_MESSAGES } from '../../src/server/modules/posts/service';
import { as, registerMember, useTestApp, whileCommitting, type Member } from './helpers';
import { createPost, makeAdmin, VALID_POST } from './posts-helpers';

/** Comments (spec §2 dialog 3, §5, §7; DECISIONS 19). */
const ctx = useTestApp();
let owner: Member;
let ann: Member;
let postId: string;

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Owner Olive' });
  ann = await registerMember(ctx.app, { username: 'Ann Apple' });
  postId = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Pears to share' })).json().id;
});

const comment = (cookie: string | null, id: string, payload: object) =>
  ctx.app.inject(cookie ? as(cookie, { method: 'POST', url: `/api/posts/${id}/comments`, payload }) : { method: 'POST', url: `/api/posts/${id}/comments`, payload });
const list = (cookie: string | null, url: string) => ctx.app.inject(cookie ? as(cookie, { method: 'GET', url }) : { method: 'GET', url });
const card = async (id: string) => (await list(ann.cookie, `/api/posts/${id}`)).json();

describe('comments on a post', () => {
  it('lets a member comment, shows the author by name, and counts it on the card', async () => {
    expect((await card(postId)).commentCount).toBe(0);
    const res = await comment(ann.cookie, postId, { content: '  Are they still there?  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ postId, userId: ann.id, authorId: ann.id, authorName: 'Ann Apple', content: 'Are they still there?' });
    expect((await card(postId)).commentCount).toBe(1);
    const guest = await list(null, `/api/posts/${postId}/comments`);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().map((c: { content: string }) => c.content)).toEqual(['Are they still there?']);
  });

  it('answers 404, not 500, to a comment on a post its owner deletes at that moment', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Going now' })).json().id;
    const res = await whileCommitting(ctx, 'DELETE FROM posts WHERE id = $1', [id], () => comment(ann.cookie, id, { content: 'Still there?' }));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
  });

  it('refuses empty, blank and too long comments with the spec’s messages, and guests', async () => {
    expect((await comment(ann.cookie, postId, { content: '   ' })).json()).toMatchObject({ message: COMMENT_MESSAGES.empty });
    expect((await comment(ann.cookie, postId, {})).json()).toMatchObject({ message: COMMENT_MESSAGES.empty });
    expect((await comment(ann.cookie, postId, { content: 'x'.repeat(501) })).json()).toMatchObject({ message: COMMENT_MESSAGES.tooLong });
    expect((await comment(ann.cookie, postId, { content: 'x'.repeat(500) })).statusCode).toBe(201);
    const guest = await comment(null, postId, { content: 'Hi' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: 'Please sign in to comment.' });
  });

  it('refuses a userId naming another member (DECISIONS 1) and an unknown post', async () => {
    expect((await comment(ann.cookie, postId, { userId: owner.id, content: 'As someone else' })).statusCode).toBe(403);
    expect((await comment(ann.cookie, '00000000-0000-4000-8000-000000000000', { content: 'Hi' })).statusCode).toBe(404);
  });

  it('tells the owner of a new comment, as spec §3 new_comment, but not of their own', async () => {
    const mine = await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Plums' });
    const before = (await list(ann.cookie, '/api/notifications')).json().items.length;
    await comment(ann.cookie, mine.json().id, { content: 'My own' });
    expect((await list(ann.cookie, '/api/notifications')).json().items.length).toBe(before);
    await comment(owner.cookie, mine.json().id, { content: 'Lovely plums' });
    const [n] = (await list(ann.cookie, '/api/notifications')).json().items;
    expect(n).toMatchObject({ type: 'new_comment', read: false, data: { commenterUsername: 'Owner Olive', postTitle: 'Plums', postId: mine.json().id } });
  });

  it('pages long threads, newest first, with a next link', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Long thread' })).json().id;
    const reader = await registerMember(ctx.app);
    for (let i = 0; i < 5; i++) await comment(reader.cookie, id, { content: `Comment ${i}` });
    const first = await list(null, `/api/posts/${id}/comments?limit=3`);
    expect(first.json().map((c: { content: string }) => c.content)).toEqual(['Comment 4', 'Comment 3', 'Comment 2']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    expect((await list(null, next)).json().map((c: { content: string }) => c.content)).toEqual(['Comment 1', 'Comment 0']);
  });

  it('lets the author and an admin delete a comment, and no one else', async () => {
    const id = (await comment(ann.cookie, postId, { content: 'Delete me' })).json().id;
    const count = (await card(postId)).commentCount;
    expect((await ctx.app.inject(as(owner.cookie, { method: 'DELETE', url: `/api/comments/${id}` }))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/comments/${id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject(as(ann.cookie, { method: 'DELETE', url: `/api/comments/${id}` }))).statusCode).toBe(204);
    expect((await card(postId)).commentCount).toBe(count - 1);
    const other = (await comment(ann.cookie, postId, { content: 'Moderate me' })).json().id;
    const admin = await registerMember(ctx.app);
    await makeAdmin(ctx, admin.id);
    expect((await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/comments/${other}` }))).statusCode).toBe(204);
    expect((await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/comments/${other}` }))).statusCode).toBe(404);
  });

  it('limits a member to 10 comments in 10 minutes, with the retry time', async () => {
    const busy = await registerMember(ctx.app);
    for (let i = 0; i < 10; i++) expect((await comment(busy.cookie, postId, { content: `Hi ${i}` })).statusCode).toBe(201);
    const res = await comment(busy.cookie, postId, { content: 'One more' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many comments\. Please try again in \d+ minutes?\.$/);
  });
});
