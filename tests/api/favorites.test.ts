import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { sql } from 'drizzle-orm';
import { FAVORITES_HIDDEN_HEADER } from '../../src/domain/post-values';
import { createPost, expireGrants, postsChanged, VALID_POST } from './posts-helpers';

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
const states = (cookie: string | null, query: string) => call(cookie, { method: 'GET', url: `/api/favorites/states?${query}` });
const statesOf = (cookie: string | null, ids: readonly string[]) => states(cookie, `postIds=${ids.join(',')}`);
/** Distinct well-formed post ids that name no post. */
const absentIds = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);

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

  it('keeps a favourite whose post is hidden for now, and says how many are (docs/decisions/0144)', async () => {
    const post = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Hidden for now' })).json();
    await add(bob.cookie, { postId: post.id });
    const hide = async (hidden: boolean) => {
      await ctx.database.db.execute(sql`UPDATE posts SET owner_suspended = ${hidden} WHERE id = ${post.id}`);
      await postsChanged(ctx);
    };
    await hide(true);
    const whileHidden = await listFor(bob.cookie);
    expect((whileHidden.json() as { title: string }[]).map((p) => p.title)).not.toContain('Hidden for now');
    expect(whileHidden.headers[FAVORITES_HIDDEN_HEADER]).toBe('1');
    await hide(false);
    const back = await listFor(bob.cookie);
    expect((back.json() as { title: string }[]).map((p) => p.title)).toContain('Hidden for now');
    expect(back.headers[FAVORITES_HIDDEN_HEADER]).toBe('0');
    await remove(bob.cookie, { postId: post.id });
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
      await states(ann.cookie, `userId=${bob.id}&postIds=${bobPost.id}`),
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
      await statesOf(null, [bobPost.id]),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to save favorites.' });
    }
  });
});

describe('the batch check of the hearts on screen (docs/decisions/0047)', () => {
  let cy: Member;
  let dee: Member;
  beforeAll(async () => {
    cy = await registerMember(ctx.app, { username: 'Cy' });
    dee = await registerMember(ctx.app, { username: 'Dee' });
    await add(cy.cookie, { postId: annPost.id });
    await add(cy.cookie, { postId: thirdPost.id });
    await add(dee.cookie, { postId: bobPost.id });
  });

  it('answers each asked post once, in the order asked, favourited or not, present or absent', async () => {
    const res = await statesOf(cy.cookie, [bobPost.id, thirdPost.id, ABSENT, annPost.id.toUpperCase(), thirdPost.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { postId: bobPost.id, isFavorite: false },
      { postId: thirdPost.id, isFavorite: true },
      { postId: ABSENT, isFavorite: false },
      { postId: annPost.id, isFavorite: true },
    ]);
  });

  it('agrees with the single check and follows adds and removes', async () => {
    const ids = [annPost.id, bobPost.id, thirdPost.id];
    const singles = await Promise.all(ids.map(async (id) => (await check(cy.cookie, id)).json().isFavorite as boolean));
    expect(((await statesOf(cy.cookie, ids)).json() as { isFavorite: boolean }[]).map((s) => s.isFavorite)).toEqual(singles);

    await add(cy.cookie, { postId: bobPost.id });
    await remove(cy.cookie, { postId: annPost.id });
    expect((await statesOf(cy.cookie, ids)).json()).toEqual([
      { postId: annPost.id, isFavorite: false },
      { postId: bobPost.id, isFavorite: true },
      { postId: thirdPost.id, isFavorite: true },
    ]);
    await remove(cy.cookie, { postId: bobPost.id });
    await add(cy.cookie, { postId: annPost.id });
  });

  it("never tells one member's favourites to another", async () => {
    // Dee has favourited only Bob's logs; Cy has not, and each sees only their own.
    const ids = [annPost.id, bobPost.id, thirdPost.id];
    expect((await statesOf(dee.cookie, ids)).json()).toEqual([
      { postId: annPost.id, isFavorite: false },
      { postId: bobPost.id, isFavorite: true },
      { postId: thirdPost.id, isFavorite: false },
    ]);
    expect((await statesOf(cy.cookie, ids)).json()).toEqual([
      { postId: annPost.id, isFavorite: true },
      { postId: bobPost.id, isFavorite: false },
      { postId: thirdPost.id, isFavorite: true },
    ]);
    // Naming the other member is refused, not answered for them (DECISIONS 1).
    const other = await states(cy.cookie, `userId=${dee.id}&postIds=${bobPost.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You can only see and change your own favorites.' });
    // Naming oneself is allowed, as on the spec's calls.
    expect((await states(dee.cookie, `userId=${dee.id}&postIds=${bobPost.id}`)).json()).toEqual([{ postId: bobPost.id, isFavorite: true }]);
  });

  it('takes the ids repeated as well as comma-separated', async () => {
    const res = await states(cy.cookie, `postIds=${annPost.id}&postIds=${bobPost.id},${thirdPost.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { postId: string }[]).map((s) => s.postId)).toEqual([annPost.id, bobPost.id, thirdPost.id]);
  });

  it('answers up to 100 ids and refuses 101 with 400', async () => {
    const hundred = [annPost.id, ...absentIds(99)];
    const ok = await statesOf(cy.cookie, hundred);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(100);
    expect(ok.json()[0]).toEqual({ postId: annPost.id, isFavorite: true });

    const tooMany = await statesOf(cy.cookie, [annPost.id, ...absentIds(100)]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('postIds can list at most 100 post ids');
  });

  it('refuses malformed or missing ids with 400 and a clear message', async () => {
    const malformed = 'postIds must be post ids separated by commas';
    const empty = 'postIds must list at least one post id';
    const cases: [string, string][] = [
      [`postIds=${annPost.id},nope`, malformed],
      [`postIds=${annPost.id},,${bobPost.id}`, malformed],
      [`postIds=${annPost.id};${bobPost.id}`, malformed],
      [`postIds=${encodeURIComponent(`${annPost.id}\u0000`)}`, malformed],
      ['postIds=', empty],
      ['', empty],
      [`postId=${annPost.id}`, empty],
    ];
    for (const [query, message] of cases) {
      const res = await states(cy.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('answers a guest with 401 like the single check, whatever the ids', async () => {
    for (const res of [await statesOf(null, [annPost.id]), await check(null, annPost.id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to save favorites.' });
    }
  });
});

describe('favourites and the viewing gate (docs/decisions/0047)', () => {
  it('lists a lapsed member their favourites, presented as GET /api/posts/:id presents each', async () => {
    const lapsed = await registerMember(ctx.app, { username: 'Lapsed' });
    await add(lapsed.cookie, { postId: annPost.id });
    await add(lapsed.cookie, { postId: thirdPost.id });
    await expireGrants(ctx, lapsed.id);

    // The posts list is gated for them (DECISIONS 7): one post.
    expect((await call(lapsed.cookie, { method: 'GET', url: '/api/posts' })).json()).toHaveLength(1);
    // Their favourites are posts whose ids they hold, each of which they may open anyway.
    const list = (await listFor(lapsed.cookie)).json() as { id: string }[];
    expect(list.map((p) => p.id)).toEqual([thirdPost.id, annPost.id]);
    for (const post of list) {
      const single = await call(lapsed.cookie, { method: 'GET', url: `/api/posts/${post.id}` });
      expect(single.statusCode).toBe(200);
      expect(post).toEqual(single.json());
    }
    expect((await statesOf(lapsed.cookie, [annPost.id, bobPost.id])).json()).toEqual([
      { postId: annPost.id, isFavorite: true },
      { postId: bobPost.id, isFavorite: false },
    ]);
  });
});
