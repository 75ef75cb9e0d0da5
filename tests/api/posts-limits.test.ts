import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Post } from '../../src/domain/posts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_RATE_RULES } from '../../src/server/modules/posts/limits';
import { as, registerMember, useTestApp, type Member } from './helpers';
import {
  countPosts,
  createPost,
  expireGrants,
  makeAdmin,
  postForm,
  uploadedFiles,
  VALID_POST,
} from './posts-helpers';

const ctx = useTestApp();
const { createPerWriter, changePerWriter, previewPerAddress } = POST_RATE_RULES;

/** The limiter's 429 message for a rule, whatever the minutes left. */
const tooMany = (what: string) => new RegExp(`^Too many ${what}\\. Please try again in \\d+ minutes?\\.$`);

let owner: Member;
let other: Member;
let admin: Member;
let photo: Buffer;

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Owner' });
  other = await registerMember(ctx.app, { username: 'Other' });
  admin = await registerMember(ctx.app, { username: 'Admin' });
  await makeAdmin(ctx, admin.id);
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
});

function inject(app: FastifyInstance, cookie: string | null, opts: InjectOptions) {
  return app.inject(cookie ? as(cookie, opts) : opts);
}
const rateRows = async () =>
  (await ctx.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM rate_limits`)).rows[0]!.n;

function expectTooMany(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
) {
  expect(res.statusCode, res.body).toBe(429);
  expect(JSON.parse(res.body).message).toMatch(tooMany(what));
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function postAs(cookie: string): Promise<string> {
  const res = await inject(ctx.app, cookie, { method: 'POST', url: '/api/posts', payload: VALID_POST });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const CHANGES = {
  edit: (id: string) => ({
    method: 'PATCH' as const,
    url: `/api/posts/${id}`,
    payload: postForm({ ...VALID_POST, title: 'Pears' }, { bytes: photo }),
  }),
  status: (id: string) => ({
    method: 'PATCH' as const,
    url: `/api/posts/${id}/status`,
    payload: { status: 'limited' },
  }),
  delete: (id: string) => ({ method: 'DELETE' as const, url: `/api/posts/${id}` }),
};

describe('limits on post writes', () => {
  it(`allows ${createPerWriter.limit} new posts an hour per member, then 429 before reading the form`, async () => {
    const member = await registerMember(ctx.app);
    for (let i = 0; i < createPerWriter.limit; i += 1) await postAs(member.cookie);
    const [posts, files] = [await countPosts(ctx), await uploadedFiles(ctx)];
    expectTooMany(await createPost(ctx.app, member.cookie, { ...VALID_POST }, { bytes: photo }), 'new posts');
    expect(await countPosts(ctx)).toBe(posts);
    expect(await uploadedFiles(ctx)).toEqual(files);
    await postAs(other.cookie);
  });

  it(`allows ${changePerWriter.limit} edits, status changes and deletes an hour per member, then 429 and no change`, async () => {
    const [first, second] = [await postAs(owner.cookie), await postAs(owner.cookie)];
    for (let i = 1; i < changePerWriter.limit; i += 1) {
      const res = await inject(ctx.app, owner.cookie, {
        ...CHANGES.status(first),
        payload: { status: i % 2 ? 'seasonal' : 'available' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await inject(ctx.app, owner.cookie, CHANGES.delete(second))).statusCode).toBe(204);
    const files = await uploadedFiles(ctx);
    for (const change of Object.values(CHANGES))
      expectTooMany(await inject(ctx.app, owner.cookie, change(first)), 'changes to posts');
    const after = (await inject(ctx.app, null, { method: 'GET', url: `/api/posts/${first}` })).json();
    expect(after).toMatchObject({ title: VALID_POST.title, status: 'seasonal', imageUrl: null });
    expect(await uploadedFiles(ctx)).toEqual(files);
    // Each member has their own count.
    expect((await inject(ctx.app, other.cookie, CHANGES.status(await postAs(other.cookie)))).statusCode).toBe(
      200,
    );
  });

  it('does not limit the changes of an admin', async () => {
    const id = await postAs(other.cookie);
    for (let i = 0; i <= changePerWriter.limit; i += 1) {
      expect((await inject(ctx.app, admin.cookie, CHANGES.status(id))).statusCode).toBe(200);
    }
  });
});

describe('who may change a post', () => {
  it.each(Object.entries(CHANGES))(
    '%s: 401 for a guest, 403 for another member, success for the owner',
    async (_name, change) => {
      const id = await postAs(other.cookie);
      const guest = await inject(ctx.app, null, change(id));
      expect(guest.statusCode).toBe(401);
      expect(guest.json().message).toBe('Please sign in to change this post.');
      const stranger = await inject(ctx.app, owner.cookie, change(id));
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().message).toBe('Only the owner or an admin can change this post.');
      expect([200, 204]).toContain((await inject(ctx.app, other.cookie, change(id))).statusCode);
    },
  );
});

describe('the throttle of the gated preview', () => {
  const LIST = { method: 'GET' as const, url: '/api/posts?type=fruit' };
  const MAP = { method: 'GET' as const, url: '/api/posts/map?bbox=-80,43,-79,44&zoom=10' };
  const from = (remoteAddress: string, opts: InjectOptions) => ({ ...opts, remoteAddress });

  /** `count` list and map calls in turn from `address`, each expected to answer 200. */
  async function previews(cookie: string | null, address: string, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const res = await inject(ctx.app, cookie, from(address, i % 2 ? MAP : LIST));
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBe(200);
    }
  }

  it(`allows a guest ${previewPerAddress.limit} list and map calls per address, then 429`, async () => {
    const rows = await rateRows();
    await previews(null, '10.70.0.1', previewPerAddress.limit);
    expectTooMany(await inject(ctx.app, null, from('10.70.0.1', LIST)), 'preview requests from this address');
    expectTooMany(await inject(ctx.app, null, from('10.70.0.1', MAP)), 'preview requests from this address');
    expect((await inject(ctx.app, null, from('10.70.0.2', LIST))).statusCode).toBe(200);
    // Counted in PostgreSQL, so every instance shares the count (docs/decisions/0085): one row per address.
    expect(await rateRows()).toBe(rows + 2);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    await previews(null, '2001:db8:70::1', previewPerAddress.limit);
    expectTooMany(
      await inject(ctx.app, null, from('2001:db8:70::2', LIST)),
      'preview requests from this address',
    );
    expect((await inject(ctx.app, null, from('2001:db8:71::1', LIST))).statusCode).toBe(200);
  });

  it('throttles a member whose access has ended like a guest', async () => {
    const lapsed = await registerMember(ctx.app);
    await expireGrants(ctx, lapsed.id);
    await previews(lapsed.cookie, '10.70.0.3', previewPerAddress.limit);
    expectTooMany(
      await inject(ctx.app, lapsed.cookie, from('10.70.0.3', MAP)),
      'preview requests from this address',
    );
  });

  it('never throttles or counts a member with full access', async () => {
    const rows = await rateRows();
    await previews(owner.cookie, '10.70.0.4', 3 * previewPerAddress.limit);
    expect(await rateRows()).toBe(rows);
    // None of those calls counted against the address.
    await previews(null, '10.70.0.4', previewPerAddress.limit);
  });
});

describe('guests under POSTING_ACCESS=open', () => {
  const open = useTestApp({ POSTING_ACCESS: 'open' });
  const guestPost = (remoteAddress: string, cookie: string | null = null) =>
    inject(open.app, cookie, { method: 'POST', url: '/api/posts', payload: VALID_POST, remoteAddress });

  it(`allows ${createPerWriter.limit} new guest posts an hour per address`, async () => {
    for (let i = 0; i < createPerWriter.limit; i += 1)
      expect((await guestPost('10.80.0.1')).statusCode).toBe(201);
    expectTooMany(await guestPost('10.80.0.1'), 'new posts');
    expect((await guestPost('10.80.0.2')).statusCode).toBe(201);
  });

  it('lets a guest session change its own post; other guests get 401, members 403', async () => {
    const cookieOf = async () => `sid=${(await open.app.sessions.createGuest('127.0.0.1')).token}`;
    const mine = await cookieOf();
    const created = await guestPost('10.80.0.3', mine);
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().id;
    const member = await registerMember(open.app);
    // The web holds no session id: the post says whose it is, to that session alone (0132).
    expect(created.json().viewerOwns).toBe(true);
    const owns = async (cookie: string | null) => (await inject(open.app, cookie, { method: 'GET', url: `/api/posts/${id}` })).json().viewerOwns;
    expect([await owns(mine), await owns(await cookieOf()), await owns(member.cookie), await owns(null)]).toEqual([true, false, false, false]);
    const listed = async (cookie: string | null) =>
      ((await inject(open.app, cookie, { method: 'GET', url: `/api/posts?limit=100&type=${VALID_POST.type}` })).json() as Post[]).find((p) => p.id === id)?.viewerOwns;
    expect([await listed(mine), await listed(await cookieOf()), await listed(member.cookie)]).toEqual([true, false, false]);
    const status = CHANGES.status(id);
    expect((await inject(open.app, await cookieOf(), status)).statusCode).toBe(401);
    expect((await inject(open.app, null, status)).statusCode).toBe(401);
    expect((await inject(open.app, member.cookie, status)).statusCode).toBe(403);
    expect((await inject(open.app, mine, status)).json().status).toBe('limited');
    expect((await inject(open.app, mine, CHANGES.edit(id))).json().title).toBe('Pears');
    expect((await inject(open.app, mine, CHANGES.delete(id))).statusCode).toBe(204);
  });
});
