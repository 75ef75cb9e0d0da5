import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { as, registerMember, uniqueEmail, useTestApp, type Member } from './helpers';
import { createPost, makeAdmin, VALID_POST } from './posts-helpers';

/**
 * Every route × every kind of actor (docs/decisions/0070): the status each gets. A route without
 * its row fails the first test, so each new route must say who may call it.
 */
const web = mkdtempSync(path.join(os.tmpdir(), 'matrix-web-'));
mkdirSync(web, { recursive: true });
writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
const ctx = useTestApp({}, { webRoot: web });

const ACTORS = ['guest', 'guest with a grant', 'member', 'another member', 'admin'] as const;
type ActorKind = (typeof ACTORS)[number];

let owner: Member;
let other: Member;
let admin: Member;
let ownerPostId: string;
let imageUrl: string;
let address = 0;

/** A guest session holding a kindness grant (DECISIONS 5): as a guest who took the free access. */
async function guestWithGrant(): Promise<string> {
  const { token, id } = await ctx.app.sessions.create(null);
  await ctx.database.db.execute(
    sql`INSERT INTO grants (session_id, kind, starts_at, ends_at, source) VALUES (${id}, 'kindness', now(), now() + interval '1 day', 'test')`,
  );
  return `sid=${token}`;
}

/** A session cookie for the kind of actor; a fresh one when `fresh` (a call that ends it). */
async function cookieOf(kind: ActorKind, fresh = false): Promise<string | null> {
  const signIn = async (m: Member) => {
    if (!fresh) return m.cookie;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } });
    return String(res.headers['set-cookie']).split(';')[0]!;
  };
  switch (kind) {
    case 'guest':
      return null;
    case 'guest with a grant':
      return guestWithGrant();
    case 'member':
      return signIn(owner);
    case 'another member':
      return signIn(other);
    case 'admin':
      return signIn(admin);
  }
}

const ownersPost = async () => (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Fresh' })).json().id as string;

interface Row {
  /** The request for one actor (fixtures it needs are made here, fresh for each actor when it changes them). */
  request(): Promise<InjectOptions> | InjectOptions;
  /** Statuses for guest, guest with a grant, member (the owner of the fixtures), another member, admin. */
  expect: [number, number, number, number, number];
  /** The call ends or replaces the session it is made with (sign-in, sign-up, sign-out): it gets one of its own. */
  replacesSession?: true;
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({ method, url, payload });
const everyone = (status: number): Row['expect'] => [status, status, status, status, status];
const membersOnly = (status: number): Row['expect'] => [401, 401, status, status, status];
const ownerOrAdmin = (status: number): Row['expect'] => [401, 401, status, 403, status];

const MATRIX: Record<string, Row> = {
  'POST /api/auth/register': {
    request: () => ({ ...json('POST', '/api/auth/register', { username: 'New', email: uniqueEmail('m'), password: 'secret123' }), remoteAddress: `10.77.0.${++address}` }),
    expect: everyone(201),
    replacesSession: true,
  },
  'POST /api/auth/login': {
    request: () => json('POST', '/api/auth/login', { email: other.email, password: other.password }),
    expect: everyone(200),
    replacesSession: true,
  },
  'POST /api/auth/logout': { request: () => json('POST', '/api/auth/logout'), expect: everyone(204), replacesSession: true },
  'GET /api/auth/me': { request: () => json('GET', '/api/auth/me'), expect: membersOnly(200) },
  'GET /api/session': { request: () => json('GET', '/api/session'), expect: everyone(200) },
  'GET /api/health': { request: () => json('GET', '/api/health'), expect: everyone(200) },
  'GET /uploads/*': { request: () => json('GET', imageUrl), expect: everyone(200) },
  'GET /api/posts': { request: () => json('GET', '/api/posts'), expect: everyone(200) },
  'GET /api/posts/:id': { request: () => json('GET', `/api/posts/${ownerPostId}`), expect: everyone(200) },
  'POST /api/posts': {
    request: () => json('POST', '/api/posts', { ...VALID_POST, title: 'New post' }),
    // Posting is gated by default (DECISIONS 8): a guest needs a grant, a member has the trial.
    expect: [401, 201, 201, 201, 201],
  },
  'PATCH /api/posts/:id': {
    request: async () => json('PATCH', `/api/posts/${await ownersPost()}`, { ...VALID_POST, title: 'Edited' }),
    expect: ownerOrAdmin(200),
  },
  'DELETE /api/posts/:id': { request: async () => json('DELETE', `/api/posts/${await ownersPost()}`), expect: ownerOrAdmin(204) },
  'PATCH /api/posts/:id/status': {
    request: async () => json('PATCH', `/api/posts/${await ownersPost()}/status`, { status: 'limited' }),
    expect: ownerOrAdmin(200),
  },
  'GET /api/posts/map': { request: () => json('GET', '/api/posts/map?bbox=-80,43,-79,44&zoom=9'), expect: everyone(200) },
  'GET /api/favorites/check': { request: () => json('GET', `/api/favorites/check?postId=${ownerPostId}`), expect: membersOnly(200) },
  'GET /api/favorites/states': { request: () => json('GET', `/api/favorites/states?postIds=${ownerPostId}`), expect: membersOnly(200) },
  'GET /api/favorites': { request: () => json('GET', '/api/favorites'), expect: membersOnly(200) },
  'POST /api/favorites': { request: async () => json('POST', '/api/favorites', { postId: await ownersPost() }), expect: membersOnly(201) },
  'DELETE /api/favorites': { request: () => json('DELETE', '/api/favorites', { postId: ownerPostId }), expect: membersOnly(200) },
  // The web app's pages and files (served from the build).
  'GET /': { request: () => ({ method: 'GET', url: '/', headers: { accept: 'text/html' } }), expect: everyone(200) },
  'GET /index.html': { request: () => json('GET', '/index.html'), expect: everyone(200) },
};

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Owner' });
  other = await registerMember(ctx.app, { username: 'Other' });
  admin = await registerMember(ctx.app, { username: 'Admin' });
  await makeAdmin(ctx, admin.id);
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  const post = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, latitude: '43.7', longitude: '-79.4' }, { bytes: image })).json();
  ownerPostId = post.id;
  imageUrl = post.imageUrl;
});

describe('the authorization matrix', () => {
  it('has a row for every route, and no row for a route that does not exist', () => {
    expect([...ctx.app.routeList].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(Object.entries(MATRIX))('%s answers each kind of actor as the policy says', async (_route, row) => {
    const got: number[] = [];
    for (const kind of ACTORS) {
      const cookie = await cookieOf(kind, row.replacesSession);
      const opts = await row.request();
      got.push((await ctx.app.inject(cookie ? as(cookie, opts) : opts)).statusCode);
    }
    expect(Object.fromEntries(ACTORS.map((kind, i) => [kind, got[i]]))).toEqual(
      Object.fromEntries(ACTORS.map((kind, i) => [kind, row.expect[i]])),
    );
  });
});
