import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { AMOUNT_FILTERS, POST_TYPES, REGIONS, STATUS_FILTERS, type Post } from '../../src/domain/posts';
import { POST_RATE_RULES } from '../../src/server/modules/posts/limits';
import { as, registerMember, sessionCookie, useTestApp } from './helpers';
import { createPost, postsChanged, VALID_POST } from './posts-helpers';

/** The free preview is a preview (DECISIONS 29, docs/decisions/0076). */
const ctx = useTestApp();
const QUANTITIES = ['a few', 'some', 'lots', 'a small box'];

beforeAll(async () => {
  // 96 posts: every type, status, region and amount word, so changing filters finds new first posts.
  await ctx.database.db.execute(sql`
    INSERT INTO posts (type, status, region, quantity, title, description, address, latitude, longitude, public_latitude, public_longitude, created_at)
    SELECT (ARRAY['fruit','firewood','skids'])[1 + i % 3]::post_type,
           (ARRAY['available','limited','unavailable','seasonal'])[1 + (i / 3) % 4]::post_status,
           (ARRAY['muskoka','kawartha','haliburton','scarborough','toronto', NULL])[1 + (i / 12) % 6]::region,
           (ARRAY[${QUANTITIES[0]}, ${QUANTITIES[1]}, ${QUANTITIES[2]}, ${QUANTITIES[3]}])[1 + (i / 2) % 4],
           'Post ' || i, 'Description ' || i, i || ' Main St', 43.6 + i * 0.001, -79.4, 43.6 + i * 0.001, -79.4,
           now() - i * interval '1 hour'
    FROM generate_series(1, 96) AS i`);
  await postsChanged(ctx);
});

/** A browser: it keeps the cookies the server sets. */
function browser(address: string) {
  let cookie = '';
  const call = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const res = await ctx.app.inject({ ...opts, remoteAddress: address, headers: { ...(opts.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    if (res.cookies.some((c) => c.name === 'sid')) cookie = sessionCookie(res);
    return res;
  };
  return { call, get: (url: string) => call({ method: 'GET', url }) };
}

/** Lists with filters that change from call to call, as a guest clicking through them. */
const filterUrls = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const params = new URLSearchParams({
      type: POST_TYPES[i % 3]!,
      status: STATUS_FILTERS[1 + (Math.floor(i / 3) % 3)]!,
      region: REGIONS[Math.floor(i / 9) % 5]!,
      amount: AMOUNT_FILTERS[Math.floor(i / 45) % 4]!,
    });
    return `/api/posts?${params}`;
  });

/** The posts a guest saw in full over its calls. */
async function seenInFull(get: (url: string) => Promise<LightMyRequestResponse>, urls: string[]) {
  const full = new Set<string>();
  const locked = new Set<string>();
  for (const url of urls) {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    for (const post of res.json() as Post[]) (post.locked ? locked : full).add(post.id);
  }
  return { full, locked };
}

describe('the daily preview budget', () => {
  it('shows a guest at most 10 posts in full over 120 changes of filters, then locked cards', async () => {
    const guest = browser('10.50.0.1');
    expect((await guest.get('/api/session')).cookies.some((c) => c.name === 'sid')).toBe(true);
    const { full, locked } = await seenInFull(guest.get, filterUrls(120));
    expect(full.size).toBe(10);
    expect(locked.size).toBeGreaterThan(10);
    // A post seen in full stays in full; a locked one says only what is there.
    const again = (await guest.get(filterUrls(1)[0]!)).json() as Post[];
    expect(again[0]!.locked).toBe(false);
    const [lockedId] = [...locked];
    const post = (await guest.get(`/api/posts/${lockedId}`)).json() as Post;
    expect(post).toMatchObject({ id: lockedId, locked: true, description: '', address: '', latitude: null, longitude: null, phoneNumber: null, contact: null, imageUrl: null, distanceMiles: null });
    expect(post.title).toMatch(/^Post \d+$/);
  });

  it('counts a kept page in one statement with the throttle: past the throttle, 429 and no post counted', async () => {
    const address = '10.50.0.9';
    const guest = browser(address);
    const url = '/api/posts?type=skids&status=limited';
    expect((await guest.get(url)).statusCode).toBe(200);
    const viewed = async () =>
      (await ctx.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM preview_views WHERE viewer = ${`a:${address}`}`)).rows[0]!.n;
    expect(await viewed()).toBe(1);
    await ctx.database.db.execute(sql`DELETE FROM preview_views WHERE viewer = ${`a:${address}`}`);
    // The address has used its throttle: the kept page is refused before the budget counts it.
    const key = createHash('sha256').update(`posts:preview:ip:${address}`).digest('base64url');
    await ctx.database.db.execute(sql`UPDATE rate_limits SET count = ${POST_RATE_RULES.previewPerAddress.limit} WHERE key = ${key}`);
    const refused = await guest.get(url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringContaining('preview requests from this address'), retryAfter: expect.any(Number) });
    expect(await viewed()).toBe(0);
    await ctx.database.db.execute(sql`UPDATE rate_limits SET count = 0 WHERE key = ${key}`);
    const again = await guest.get(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect((again.json() as Post[])[0]!.locked).toBe(false);
    expect(await viewed()).toBe(1);
  });

  it('gates concurrent kept pages together, and still counts each: the throttle refuses exactly those past it, the budget holds', async () => {
    // Kept pages: each filter's page is read once first, so every call below is a gate alone.
    const urls = filterUrls(40);
    const warm = browser('10.50.0.20');
    for (const url of urls) expect((await warm.get(url)).statusCode).toBe(200);
    const address = '10.50.0.21';
    const key = createHash('sha256').update(`posts:preview:ip:${address}`).digest('base64url');
    const guests = Array.from({ length: 4 }, () => browser(address));
    for (const guest of guests) await guest.get('/api/session');
    const { limit } = POST_RATE_RULES.previewPerAddress;
    // 30 calls left of the throttle, and 40 calls at once, with three other addresses' calls among them.
    await ctx.database.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, ${limit - 30}, now() + interval '5 minutes')
      ON CONFLICT (key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at`);
    const others = ['10.50.0.22', '10.50.0.23', '10.50.0.24'].map((a) => browser(a));
    const [answers, otherAnswers] = await Promise.all([
      Promise.all(urls.map((url, i) => guests[i % 4]!.get(url))),
      Promise.all(others.map((o, i) => o.get(urls[i]!))),
    ]);
    expect(answers.map((r) => r.headers['x-cache'] ?? r.statusCode).filter((v) => v === 'hit')).toHaveLength(30);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(otherAnswers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const count = (await ctx.database.db.execute<{ count: number }>(sql`SELECT count FROM rate_limits WHERE key = ${key}`)).rows[0]!.count;
    expect(count).toBe(limit + 10);
    // Four sessions of one address: at most 10 posts each in full, and 30 for the address.
    const full = answers.filter((r) => r.statusCode === 200).flatMap((r) => (r.json() as Post[]).filter((p) => !p.locked));
    expect(new Set(full.map((p) => p.id)).size).toBeLessThanOrEqual(30);
    const viewed = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM preview_views WHERE viewer = ${`a:${address}`}`,
    );
    expect(viewed.rows[0]!.n).toBe(new Set(full.map((p) => p.id)).size);
  });

  it('lets five guests of one address see at most 30 posts in full together', async () => {
    const seen = new Set<string>();
    for (let g = 0; g < 5; g++) {
      const guest = browser('10.50.0.2');
      await guest.get('/api/session');
      const urls = filterUrls(120).slice(g * 24, g * 24 + 24).concat(filterUrls(120).slice(0, 8));
      for (const id of (await seenInFull(guest.get, urls)).full) seen.add(id);
    }
    expect(seen.size).toBe(30);
  });

  it('counts single posts and shared links, and a script without cookies by its address', async () => {
    const ids = (await ctx.database.db.execute<{ id: string }>(sql`SELECT id FROM posts ORDER BY created_at DESC LIMIT 40`)).rows.map((r) => r.id);
    const script = browser('10.50.0.3');
    const shown = [];
    for (const id of ids) shown.push(((await ctx.app.inject({ method: 'GET', url: `/api/posts/${id}`, remoteAddress: '10.50.0.3' })).json() as Post).locked);
    expect(shown.filter((locked) => !locked)).toHaveLength(30);
    expect((await script.get(`/api/posts/${ids[0]}`)).json().locked).toBe(false); // seen already by the address
  });

  it('counts the map’s preview post too, and keeps a locked one in its cluster', async () => {
    const guest = browser('10.50.0.4');
    await guest.get('/api/session');
    const { full } = await seenInFull(guest.get, filterUrls(30));
    expect(full.size).toBe(10);
    let withheld = 0;
    for (const url of filterUrls(120)) {
      const [first] = (await guest.get(url)).json() as Post[];
      const map = (await guest.get(url.replace('/api/posts?', '/api/posts/map?bbox=-80,43,-79,44&zoom=9&'))).json();
      const points = (map.items as Array<{ kind: string; post?: Post }>).flatMap((i) => (i.post ? [i.post] : []));
      // The map's preview is the list's first post: shown only when the list shows it in full.
      expect(points.map((p) => p.id)).toEqual(first && !first.locked ? [first.id] : []);
      if (first?.locked) withheld += 1;
    }
    expect(withheld).toBeGreaterThan(0);
  });

  it('leaves members and guests with a grant alone', async () => {
    const member = await registerMember(ctx.app);
    const memberSeen = await seenInFull((url) => ctx.app.inject(as(member.cookie, { method: 'GET', url })), filterUrls(40));
    expect(memberSeen.locked.size).toBe(0);
    const { token, id } = await ctx.app.sessions.createGuest('127.0.0.1');
    await ctx.database.db.execute(sql`INSERT INTO grants (session_id, kind, ends_at, source) VALUES (${id}, 'kindness', now() + interval '1 day', 'test')`);
    const granted = await seenInFull((url) => ctx.app.inject({ method: 'GET', url, headers: { cookie: `sid=${token}` }, remoteAddress: '10.50.0.5' }), filterUrls(40));
    expect(granted.locked.size).toBe(0);
  });
});

describe('the session decides who is asking (DECISIONS 1)', () => {
  it('refuses a post form whose userId names another member, and takes the member’s own', async () => {
    const member = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const refused = await createPost(ctx.app, member.cookie, { ...VALID_POST, userId: other.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only act as yourself.' });
    const own = await createPost(ctx.app, member.cookie, { ...VALID_POST, userId: member.id });
    expect(own.statusCode).toBe(201);
    expect(own.json().userId).toBe(member.id);
  });
});
