import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/domain/geo';
import { PHONE_MESSAGE, POSTAL_CODE_MESSAGE } from '../../src/domain/posts';
import { as, registerMember, useTestApp, type Member } from './helpers';
import { countPosts, createPost, expireGrants, makeAdmin, postForm, resetRateLimits, VALID_POST } from './posts-helpers';

const ctx = useTestApp();
const SPOT = { lat: 43.7001, lng: -79.4163 };
const METRE_IN_MILES = 1 / 1609.344;

let owner: Member;
let other: Member;
let admin: Member;

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Mary Ann Lee' });
  other = await registerMember(ctx.app, { username: 'Other' });
  admin = await registerMember(ctx.app, { username: 'Admin' });
  await makeAdmin(ctx, admin.id);
});

// This file's owner writes more posts than an hour's limit allows (posts-limits.test.ts tests the limits).
beforeEach(() => resetRateLimits(ctx));

const getPost = (id: string, cookie: string | null) =>
  ctx.app.inject(cookie ? as(cookie, { method: 'GET', url: `/api/posts/${id}` }) : { method: 'GET', url: `/api/posts/${id}` });

async function newPost(fields: Record<string, string> = {}, cookie = owner.cookie) {
  const res = await createPost(ctx.app, cookie, { ...VALID_POST, latitude: String(SPOT.lat), longitude: String(SPOT.lng), ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/posts', () => {
  it('creates an available post from the multipart form and answers 201 with the owner view', async () => {
    const res = await createPost(ctx.app, owner.cookie, {
      ...VALID_POST,
      status: 'available',
      contact: 'Ring the bell',
      phoneNumber: '416-555-0100',
      zipCode: 'M5V 2T6',
      quantity: 'Lots',
      seasonalNotes: 'September',
      latitude: String(SPOT.lat),
      longitude: String(SPOT.lng),
      exactLocation: 'false',
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      type: 'fruit',
      isDemo: false,
      title: 'Apples',
      description: 'A tree full of apples',
      address: '1 Main St',
      status: 'available',
      statusNotes: null,
      contact: 'Ring the bell',
      phoneNumber: '416-555-0100',
      zipCode: 'M5V 2T6',
      quantity: 'Lots',
      seasonalNotes: 'September',
      ownerName: 'Mary Ann Lee',
      ownerInitials: 'MAL',
      userId: owner.id,
      region: 'toronto',
      exactLocation: false,
      latitude: SPOT.lat,
      longitude: SPOT.lng,
      imageUrl: null,
      thumbnailUrl: null,
    });
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    expect(Object.keys(post).sort()).toEqual(
      ['address', 'commentCount', 'contact', 'createdAt', 'description', 'distanceMiles', 'exactLocation', 'id', 'imageUrl', 'isDemo', 'latitude', 'locked', 'longitude', 'ownerInitials', 'ownerName', 'ownerRating', 'ownerRatingCount', 'ownerVerifiedAt', 'ownerVerifiedType', 'phoneNumber', 'quantity', 'region', 'seasonalNotes', 'status', 'statusNotes', 'thumbnailUrl', 'title', 'type', 'updatedAt', 'userId', 'viewerOwns', 'zipCode'].sort(),
    );
  });

  it('keeps a given owner name, initials and region', async () => {
    const post = await newPost({ ownerName: 'Bob', ownerInitials: 'BX', region: 'muskoka' });
    expect(post).toMatchObject({ ownerName: 'Bob', ownerInitials: 'BX', region: 'muskoka' });
    const named = await newPost({ ownerName: 'Jo Anne' });
    expect(named.ownerInitials).toBe('JA');
  });

  it('works without coordinates and leaves the region empty', async () => {
    const res = await createPost(ctx.app, owner.cookie, { ...VALID_POST });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ latitude: null, longitude: null, region: null, distanceMiles: null });
  });

  it('accepts a JSON body too (no image)', async () => {
    const res = await ctx.app.inject(as(owner.cookie, { method: 'POST', url: '/api/posts', payload: { ...VALID_POST, type: 'skids' } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().type).toBe('skids');
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ description: '' }, 'Description is required'],
    [{ address: '' }, 'Address is required'],
    [{ ownerInitials: 'ABCD' }, 'Maximum 3 characters'],
    [{ zipCode: 'hello' }, POSTAL_CODE_MESSAGE],
    [{ zipCode: '123456' }, POSTAL_CODE_MESSAGE],
    [{ phoneNumber: 'hello' }, PHONE_MESSAGE],
    [{ phoneNumber: '555-01' }, PHONE_MESSAGE],
    [{ latitude: '43.7' }, 'Latitude and longitude go together'],
    [{ latitude: '91', longitude: '0' }, 'Latitude is out of range'],
  ])('refuses %j with "%s" and creates nothing', async (fields, message) => {
    const before = await countPosts(ctx);
    const res = await createPost(ctx.app, owner.cookie, { ...VALID_POST, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countPosts(ctx)).toBe(before);
  });

  it('refuses an unknown type and a status other than available', async () => {
    expect((await createPost(ctx.app, owner.cookie, { ...VALID_POST, type: 'veg' })).statusCode).toBe(400);
    const { type: _type, ...noType } = VALID_POST;
    expect((await createPost(ctx.app, owner.cookie, noType)).statusCode).toBe(400);
    expect((await createPost(ctx.app, owner.cookie, { ...VALID_POST, status: 'limited' })).statusCode).toBe(400);
  });

  it.each(['90210', '90210-1234', 'M5V 2T6', 'm5v2t6', 'SW1A 1AA', '1234', '123'])('accepts the postal code %s', async (zipCode) => {
    const res = await createPost(ctx.app, owner.cookie, { ...VALID_POST, zipCode });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a guest without posting access with 401; a member posts, their trial over or not (Reading B)', async () => {
    const guest = await createPost(ctx.app, null, { ...VALID_POST });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Please sign in or get posting access to share a post.');
    const lapsed = await registerMember(ctx.app);
    await expireGrants(ctx, lapsed.id);
    const res = await createPost(ctx.app, lapsed.cookie, { ...VALID_POST });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('exact spot and public point', () => {
  it('shows the exact spot to the owner and admins, a point 300-600 m away to everyone else', async () => {
    const post = await newPost();
    const mine = (await getPost(post.id, owner.cookie)).json();
    expect([mine.latitude, mine.longitude]).toEqual([SPOT.lat, SPOT.lng]);
    expect((await getPost(post.id, admin.cookie)).json()).toMatchObject({ latitude: SPOT.lat, longitude: SPOT.lng });
    const theirs = (await getPost(post.id, other.cookie)).json();
    const guest = (await getPost(post.id, null)).json();
    expect(guest).toMatchObject({ latitude: theirs.latitude, longitude: theirs.longitude });
    const metres = haversineMiles(SPOT, { lat: theirs.latitude, lng: theirs.longitude }) / METRE_IN_MILES;
    expect(metres).toBeGreaterThanOrEqual(299);
    expect(metres).toBeLessThanOrEqual(601);
    // The distance is measured from the public point for everyone, the owner included.
    expect(mine.distanceMiles).toBe(theirs.distanceMiles);
    const listed = (await ctx.app.inject(as(other.cookie, { method: 'GET', url: '/api/posts?limit=100' }))).json() as { id: string; latitude: number }[];
    expect(listed.find((p) => p.id === post.id)!.latitude).toBe(theirs.latitude);
  });

  it('shows the exact spot to everyone when the poster chooses it', async () => {
    const post = await newPost({ exactLocation: 'true' });
    expect((await getPost(post.id, other.cookie)).json()).toMatchObject({ latitude: SPOT.lat, longitude: SPOT.lng, exactLocation: true });
  });

  it('answers 404 for an absent or malformed id', async () => {
    const absent = await getPost('00000000-0000-4000-8000-000000000000', null);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'Post not found.' });
    expect((await getPost('not-a-uuid', null)).statusCode).toBe(404);
  });
});

describe('PATCH /api/posts/:id/status', () => {
  const setStatus = (id: string, cookie: string | null, payload: object) =>
    ctx.app.inject(cookie ? as(cookie, { method: 'PATCH', url: `/api/posts/${id}/status`, payload }) : { method: 'PATCH', url: `/api/posts/${id}/status`, payload });

  it('lets the owner change status and notes', async () => {
    const post = await newPost();
    const res = await setStatus(post.id, owner.cookie, { status: 'limited', statusNotes: '  Two bags left  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: post.id, status: 'limited', statusNotes: 'Two bags left' });
    const cleared = await setStatus(post.id, owner.cookie, { status: 'seasonal', statusNotes: '' });
    expect(cleared.json()).toMatchObject({ status: 'seasonal', statusNotes: null });
  });

  it('lets an admin change it, refuses others with 403 and guests with 401', async () => {
    const post = await newPost();
    expect((await setStatus(post.id, admin.cookie, { status: 'unavailable' })).json().status).toBe('unavailable');
    const res = await setStatus(post.id, other.cookie, { status: 'available' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the owner or an admin can change this post.');
    const guest = await setStatus(post.id, null, { status: 'available' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Please sign in to change this post.');
    expect((await getPost(post.id, null)).json().status).toBe('unavailable');
  });

  it('answers 404 for an absent post', async () => {
    const res = await setStatus('00000000-0000-4000-8000-000000000000', owner.cookie, { status: 'limited' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Post not found.');
  });

  it('refuses notes over 300 characters and unknown statuses', async () => {
    const post = await newPost();
    const long = await setStatus(post.id, owner.cookie, { status: 'limited', statusNotes: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Maximum 300 characters');
    expect((await setStatus(post.id, owner.cookie, { status: 'limited', statusNotes: 'x'.repeat(300) })).statusCode).toBe(200);
    expect((await setStatus(post.id, owner.cookie, { status: 'gone' })).statusCode).toBe(400);
  });
});

describe('edit and delete', () => {
  const edit = (id: string, cookie: string, fields: Record<string, string>) =>
    ctx.app.inject(as(cookie, { method: 'PATCH', url: `/api/posts/${id}`, payload: postForm(fields) }));

  it('lets the owner edit the fields and keeps the public point while the spot stays', async () => {
    const post = await newPost({ contact: 'Email me' });
    const before = (await getPost(post.id, other.cookie)).json();
    const res = await edit(post.id, owner.cookie, { ...VALID_POST, title: 'Green apples', latitude: String(SPOT.lat), longitude: String(SPOT.lng) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Green apples', contact: null, status: 'available', ownerName: 'Mary Ann Lee' });
    const after = (await getPost(post.id, other.cookie)).json();
    expect([after.latitude, after.longitude]).toEqual([before.latitude, before.longitude]);
    const moved = await edit(post.id, owner.cookie, { ...VALID_POST, latitude: '44.9', longitude: '-79.3' });
    expect(moved.json()).toMatchObject({ latitude: 44.9, longitude: -79.3, region: 'muskoka' });
  });

  it('validates edits with the same messages', async () => {
    const post = await newPost();
    const res = await edit(post.id, owner.cookie, { ...VALID_POST, title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title is required');
  });

  it('refuses edits and deletes by others with 403', async () => {
    const post = await newPost();
    const res = await edit(post.id, other.cookie, { ...VALID_POST, title: 'Mine now' });
    expect(res.statusCode).toBe(403);
    const del = await ctx.app.inject(as(other.cookie, { method: 'DELETE', url: `/api/posts/${post.id}` }));
    expect(del.statusCode).toBe(403);
    expect((await getPost(post.id, null)).json().title).toBe('Apples');
  });

  it('lets the owner and an admin delete', async () => {
    const post = await newPost();
    const del = await ctx.app.inject(as(owner.cookie, { method: 'DELETE', url: `/api/posts/${post.id}` }));
    expect(del.statusCode).toBe(204);
    expect((await getPost(post.id, null)).statusCode).toBe(404);
    const again = await ctx.app.inject(as(owner.cookie, { method: 'DELETE', url: `/api/posts/${post.id}` }));
    expect(again.statusCode).toBe(404);
    const second = await newPost();
    expect((await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/posts/${second.id}` }))).statusCode).toBe(204);
  });
});

describe('open posting (POSTING_ACCESS=open)', () => {
  const open = useTestApp({ POSTING_ACCESS: 'open' });

  it('lets a guest post', async () => {
    const res = await createPost(open.app, null, { ...VALID_POST, ownerName: 'Visitor' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ userId: null, ownerName: 'Visitor', ownerInitials: 'V' });
  });
});
