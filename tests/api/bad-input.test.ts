import { beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/domain/text';
import { as, registerMember, uniqueEmail, useTestApp, type Member } from './helpers';
import { insertPost, VALID_POST } from './posts-helpers';

/**
 * Input that must answer 400 with a plain message, never 500 or zod's default wording
 * (review findings: NUL characters, absent fields, forged cursors, broken multipart bodies).
 */
const ctx = useTestApp();
const INVALID_CURSOR = 'This page link is no longer valid. Please start from the first page.';
const UNREADABLE_FORM = 'The form could not be read.';
const STATUS_AS_JSON = 'Send status and statusNotes as JSON.';

let member: Member;
let postId: string;

beforeAll(async () => {
  member = await registerMember(ctx.app);
  for (let i = 0; i < 22; i++) await insertPost(ctx, { title: `Post ${i}`, latitude: 43.7, longitude: -79.4 });
  const res = await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', payload: VALID_POST }));
  expect(res.statusCode, res.body).toBe(201);
  postId = res.json().id;
});

const get = (url: string) => ctx.app.inject(as(member.cookie, { method: 'GET', url }));
const expect400 = (res: { statusCode: number; body: string; json(): { message: string } }, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
};

describe('NUL characters (PostgreSQL text cannot hold U+0000)', () => {
  it('refuses them in the list search', async () => {
    expect400(await get('/api/posts?q=%00'), NUL_MESSAGE);
    expect400(await get('/api/posts?q=app%00les'), NUL_MESSAGE);
  });

  it('refuses them in the map search', async () => {
    expect400(await get('/api/posts/map?bbox=-80,43,-79,44&zoom=10&q=%00'), NUL_MESSAGE);
  });

  it('refuses them in status notes', async () => {
    const res = await ctx.app.inject(
      as(member.cookie, { method: 'PATCH', url: `/api/posts/${postId}/status`, payload: { status: 'limited', statusNotes: 'a\u0000b' } }),
    );
    expect400(res, NUL_MESSAGE);
  });

  it('refuses them in a username, email or password at sign-up', async () => {
    for (const payload of [
      { username: 'A\u0000nn', email: uniqueEmail(), password: 'secret123' },
      { username: 'Ann', email: `a\u0000${uniqueEmail()}`, password: 'secret123' },
      { username: 'Ann', email: uniqueEmail(), password: 'secret\u0000123' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '10.44.0.1' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/NUL|Invalid email address/);
    }
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: 'secret\u0000123' }, remoteAddress: '10.44.0.2' });
    expect400(login, NUL_MESSAGE);
  });

  it('refuses them in post fields, as JSON or multipart', async () => {
    const json = await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', payload: { ...VALID_POST, title: 'App\u0000les' } }));
    expect400(json, NUL_MESSAGE);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...VALID_POST, contact: 'Ring\u0000' })) form.append(k, v);
    expect400(await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', payload: form })), NUL_MESSAGE);
  });

  it('refuses them in every other field before any query, whether or not its schema says so', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/api/searches', { query: 'ab\u0000c' }],
      ['/api/visits', { source: 'a\u0000' }],
      ['/api/auth/register', { username: 'Nul', email: uniqueEmail(), password: 'secret123', referralCode: '\u0000' }],
      ['/api/auth/register', { username: 'Nul', email: uniqueEmail(), password: 'secret123', firstTouch: { source: 'x\u0000' } }],
    ];
    for (const [url, payload] of cases) {
      const res = await ctx.app.inject(as(member.cookie, { method: 'POST', url, payload, remoteAddress: '10.44.0.3' }));
      expect400(res, NUL_MESSAGE);
      expect(res.json().errors?.[0]?.path, url).toBeTruthy();
    }
  });
});

describe('absent fields get the spec messages (spec §5)', () => {
  it.each([
    [{ type: 'fruit' }, 'Title is required'],
    [{ type: 'fruit', title: 'Apples' }, 'Description is required'],
    [{ type: 'fruit', title: 'Apples', description: 'Red' }, 'Address is required'],
  ])('POST /api/posts %j -> %s', async (payload, message) => {
    expect400(await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', payload })), message);
  });

  it.each([
    [{}, 'Username must be at least 2 characters'],
    [{ username: 'Ann' }, 'Invalid email address'],
    [{ username: 'Ann', email: 'ann@example.com' }, 'Password must be at least 6 characters'],
  ])('POST /api/auth/register %j -> %s', async (payload, message) => {
    expect400(await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '10.44.1.1' }), message);
  });

  it.each([
    [{}, 'Invalid email address'],
    [{ email: 'ann@example.com' }, 'Password must be at least 6 characters'],
  ])('POST /api/auth/login %j -> %s', async (payload, message) => {
    expect400(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.44.1.2' }), message);
  });
});

describe('list query', () => {
  it('treats an empty limit as absent (20 posts)', async () => {
    const res = await get('/api/posts?limit=');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(20);
  });
});

describe('forged cursors', () => {
  const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const ID = '00000000-0000-4000-8000-000000000000';

  it('accepts a well-formed newest cursor', async () => {
    expect((await get(`/api/posts?cursor=${cursor(['n', '2024-05-01 12:34:56.123456+00', ID])}`)).statusCode).toBe(200);
    expect((await get(`/api/posts?cursor=${cursor(['n', '2024-02-29 23:59:59-05:30', ID])}`)).statusCode).toBe(200);
  });

  it.each([
    '2024-99-99 99:99:99',
    '2024-13-01 00:00:00+00',
    '2023-02-29 00:00:00+00',
    '2024-01-01 24:00:00+00',
    '2024-01-01 00:60:00+00',
    '2024-01-01 00:00:60+00',
    '0000-01-01 00:00:00',
    '1969-12-31 23:59:59+00',
    '2024-01-01 00:00:00+99:99',
    '2024-01-01 00:00:00+16',
  ])('refuses the timestamp %s with 400', async (key) => {
    expect400(await get(`/api/posts?cursor=${cursor(['n', key, ID])}`), INVALID_CURSOR);
  });
});

describe('unreadable multipart bodies', () => {
  it('answers 400 to multipart without a boundary', async () => {
    const res = await ctx.app.inject(
      as(member.cookie, { method: 'POST', url: '/api/posts', headers: { 'content-type': 'multipart/form-data' }, payload: 'title=Apples' }),
    );
    expect400(res, UNREADABLE_FORM);
  });

  it.each(['multipart/form-data; boundary=', `multipart/form-data; boundary=${'b'.repeat(300)}`])('answers 400 to the content type %s', async (type) => {
    const res = await ctx.app.inject(as(member.cookie, { method: 'POST', url: '/api/posts', headers: { 'content-type': type }, payload: '--x\r\n' }));
    expect400(res, UNREADABLE_FORM);
  });

  it('answers 400 to a truncated multipart body', async () => {
    const boundary = 'XyZ123';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nApples\r\n--${boundary}\r\nContent-Disposition: form-data; name="descr`;
    const res = await ctx.app.inject(
      as(member.cookie, { method: 'POST', url: '/api/posts', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }),
    );
    expect400(res, UNREADABLE_FORM);
    const edit = await ctx.app.inject(
      as(member.cookie, { method: 'PATCH', url: `/api/posts/${postId}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }),
    );
    expect400(edit, UNREADABLE_FORM);
  });
});

describe('PATCH /api/posts/:id/status without a JSON object', () => {
  it.each([
    ['no body', {}],
    ['a multipart form', { payload: (() => { const f = new FormData(); f.append('status', 'limited'); return f; })() }],
    ['JSON null', { payload: 'null', headers: { 'content-type': 'application/json' } }],
    ['a JSON array', { payload: '["limited"]', headers: { 'content-type': 'application/json' } }],
  ])('answers 400 to %s', async (_name, opts) => {
    const res = await ctx.app.inject(as(member.cookie, { method: 'PATCH', url: `/api/posts/${postId}/status`, ...opts }));
    expect400(res, STATUS_AS_JSON);
  });
});
