import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

const ctx = useTestApp();
let ann: Member;
let bob: Member;
let annPost: { id: string; latitude: number; longitude: number };
let bobPost: { id: string };
let thirdPost: { id: string };
const ABSENT = '00000000-0000-4000-8000-000000000000';
const SPOT = { latitude: '43.7001', longitude: '-79.4163' };

beforeAll(async () => {
  ann = await registerMember(ctx.app, { username: 'Ann' });
  bob = await registerMember(ctx.app, { username: 'Bob' });
  annPost = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Ann apples', ...SPOT })).json();
  bobPost = (await createPost(ctx.app, bob.cookie, { ...VALID_POST, title: 'Bob logs', type: 'firewood', ...SPOT })).json();
  thirdPost = (await createPost(ctx.app, bob.cookie, { ...VALID_POST, title: 'Bob skids', type: 'skids' })).json();
});

const call = (cookie: string | null, opts: InjectOptions) => ctx.app.inject(cookie ? as(cookie, opts) : opts);
const check = (cookie: string | null, postId: string, userId?: string) =>
  call(cookie, { method: 'GET', url: `/api/favorites/check?postId=${postId}${userId ? `&userId=${userId}` : ''}` });
const add = (cookie: string | null, payload: object) => call(cookie, { method: 'POST', url: '/api/favorites', payload });
const remove = (cookie: string | null, payload: object) => call(cookie, { method: 'DELETE', url: '/api/favorites', payload });
const listFor = (cookie: string | null, userId?: string) => call(cookie, { method: 'GET', url: `/api/favorites${userId ? `?userId=${userId}` : ''}` });

describe('favourites for the signed-in member (spec §7)', () => {
  it('adds, checks, lists and removes a favourite', async () => {
    expect((await check(ann.cookie, bobPost.id, ann.id)).json()).toEqual({ isFavorite: false });

    const added = await add(ann.cookie, { userId: ann.id, postId: bobPost.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ postId: bobPost.id, isFavorite: true });
    expect((await check(ann.cookie, bobPost.id, ann.id)).json()).toEqual({ isFavorite: true });
    expect((await check(bob.cookie, bobPost.id)).json()).toEqual({ isFavorite: false });

    const list = await listFor(ann.cookie, ann.id);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string; title: string }[]).map((p) => p.title)).toEqual(['Bob logs']);

    const removed = await remove(ann.cookie, { userId: ann.id, postId: bobPost.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ postId: bobPost.id, isFavorite: false });
    expect((await check(ann.cookie, bobPost.id)).json()).toEqual({ isFavorite: false });
    expect((await listFor(ann.cookie)).json()).toEqual([]);
  });

  it('is idempotent both ways', async () => {
    expect((await add(ann.cookie, { postId: thirdPost.id })).statusCode).toBe(201);
    const again = await add(ann.cookie, { postId: thirdPost.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ postId: thirdPost.id, isFavorite: true });
    expect((await listFor(ann.cookie)).json()).toHaveLength(1);
    expect((await remove(ann.cookie, { postId: thirdPost.id })).statusCode).toBe(200);
    expect((await remove(ann.cookie, { postId: thirdPost.id })).statusCode).toBe(200);
  });

  it('also removes with the ids in the query string', async () => {
    await add(bob.cookie, { postId: annPost.id });
    const res = await call(bob.cookie, { method: 'DELETE', url: `/api/favorites?userId=${bob.id}&postId=${annPost.id}` });
    expect(res.statusCode).toBe(200);
    expect((await check(bob.cookie, annPost.id)).json()).toEqual({ isFavorite: false });
  });

  it('lists the newest favourite first, presented like the posts list', async () => {
    await add(bob.cookie, { postId: thirdPost.id });
    await add(bob.cookie, { postId: annPost.id });
    await add(bob.cookie, { postId: bobPost.id });
    const posts = (await listFor(bob.cookie)).json() as { id: string; latitude: number | null; userId: string }[];
    expect(posts.map((p) => p.id)).toEqual([bobPost.id, annPost.id, thirdPost.id]);
    // Ann's exact spot stays hidden from Bob; his own post shows his exact spot.
    const anns = posts.find((p) => p.id === annPost.id)!;
    expect(anns.latitude).not.toBe(Number(SPOT.latitude));
    expect(posts.find((p) => p.id === bobPost.id)!.latitude).toBe(Number(SPOT.latitude));
    expect(anns).toHaveProperty('distanceMiles');
  });

  it('drops a favourite when its post is deleted', async () => {
    const post = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Short-lived' })).json();
    await add(bob.cookie, { postId: post.id });
    await call(ann.cookie, { method: 'DELETE', url: `/api/posts/${post.id}` });
    const titles = ((await listFor(bob.cookie)).json() as { title: string }[]).map((p) => p.title);
    expect(titles).not.toContain('Short-lived');
  });

  it('answers 404 for an absent post and 400 for a malformed post id', async () => {
    const absent = await add(ann.cookie, { postId: ABSENT });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'Post not found.' });
    const malformed = await add(ann.cookie, { postId: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('postId must be a post id');
    expect((await check(ann.cookie, 'nope')).statusCode).toBe(400);
    expect((await remove(ann.cookie, {})).statusCode).toBe(400);
  });
});

describe('acting for someone else (DECISIONS 1)', () => {
  it('refuses a userId naming another member with 403, for every call', async () => {
    await add(bob.cookie, { postId: bobPost.id });
    const message = 'You can only see and change your own favorites.';
    const responses = [
      await check(ann.cookie, bobPost.id, bob.id),
      await add(ann.cookie, { userId: bob.id, postId: annPost.id }),
      await remove(ann.cookie, { userId: bob.id, postId: bobPost.id }),
      await listFor(ann.cookie, bob.id),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message });
    }
    // Nothing changed for Bob.
    expect((await check(bob.cookie, bobPost.id)).json()).toEqual({ isFavorite: true });
    expect((await check(bob.cookie, annPost.id)).json()).toEqual({ isFavorite: true });
  });

  it('answers a guest with 401 for every call', async () => {
    const responses = [
      await check(null, bobPost.id),
      await add(null, { postId: bobPost.id }),
      await remove(null, { postId: bobPost.id }),
      await listFor(null),
      await listFor(null, bob.id),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to save favorites.' });
    }
  });
});
