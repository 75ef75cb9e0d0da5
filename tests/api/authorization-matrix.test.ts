import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { APP_PATHS } from '../../src/domain/pages';
import { createMailStopLinks } from '../../src/server/modules/mail/service';
import { as, registerMember, uniqueEmail, useTestApp, type Member } from './helpers';
import { callerChanged, createPost, insertPost, makeAdmin, VALID_POST } from './posts-helpers';

/**
 * Every route × every kind of actor (docs/decisions/0070): the status each gets. A route without
 * its row fails the first test, so each new route must say who may call it.
 */
const web = mkdtempSync(path.join(os.tmpdir(), 'matrix-web-'));
mkdirSync(web, { recursive: true });
writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
const OWNER_PASSWORD = 'owner password for the matrix';
const ctx = useTestApp(
  { OWNER_PASSWORD_HASH: await hash(OWNER_PASSWORD), METRICS_TOKEN: 'metrics-token-of-the-matrix-0123' },
  { webRoot: web },
);

const ACTORS = ['guest', 'guest with a grant', 'member', 'another member', 'admin'] as const;
type ActorKind = (typeof ACTORS)[number];

let owner: Member;
let other: Member;
let admin: Member;
let stranger: Member;
/** The member the suspension rows act on (no other row needs them). */
let suspendee: Member;
let ownerPostId: string;
let imageUrl: string;
let ownerNotificationId: string;
let ownerPaymentId: string;
let ownerOrder: { id: string; paymentId: string };
let address = 0;

/** A guest session holding a kindness grant (DECISIONS 5): as a guest who took the free access. */
async function guestWithGrant(): Promise<string> {
  const { token, id } = await ctx.app.sessions.createGuest('127.0.0.1');
  await ctx.database.db.execute(
    sql`INSERT INTO grants (session_id, kind, starts_at, ends_at, source) VALUES (${id}, 'kindness', now(), now() + interval '1 day', 'test')`,
  );
  return `sid=${token}`;
}

/** A session cookie for the kind of actor; a fresh one when `fresh` (a call that ends it). */
async function cookieOf(kind: ActorKind, fresh = false): Promise<string | null> {
  const signIn = async (m: Member) => {
    if (!fresh) return m.cookie;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password },
    });
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

const paymentOfOrder = async (ref: string) =>
  (await ctx.database.db.execute<{ id: string }>(sql`SELECT id FROM payments WHERE provider_ref = ${ref}`))
    .rows[0]!.id;
const ownersPost = async () =>
  (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Fresh' })).json().id as string;
const ownersComment = async () =>
  (
    await ctx.app.inject(
      as(owner.cookie, {
        method: 'POST',
        url: `/api/posts/${ownerPostId}/comments`,
        payload: { content: 'Mine' },
      }),
    )
  ).json().id as string;
/** The owner's link to stop message mail, as a message mail to them carries it. */
const ownersStopLink = () => new URL(createMailStopLinks(ctx.app.config.SESSION_SECRET).page('https://fruit.example.org', owner.id));
const send = (from: Member, to: Member) =>
  ctx.app.inject(
    as(from.cookie, { method: 'POST', url: '/api/messages', payload: { toUserId: to.id, content: 'Hello' } }),
  );

interface Row {
  /** The request for one actor (fixtures it needs are made here, fresh for each actor when it changes them). */
  request(): Promise<InjectOptions> | InjectOptions;
  /** Statuses for guest, guest with a grant, member (the owner of the fixtures), another member, admin. */
  expect: [number, number, number, number, number];
  /** The call ends or replaces the session it is made with (sign-in, sign-up, sign-out): it gets one of its own. */
  replacesSession?: true;
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  payload,
});
const everyone = (status: number): Row['expect'] => [status, status, status, status, status];
const membersOnly = (status: number): Row['expect'] => [401, 401, status, status, status];
const ownerOrAdmin = (status: number): Row['expect'] => [401, 401, status, 403, status];
const adminsOnly = (status: number): Row['expect'] => [401, 401, 403, 403, status];

/** Every payment paid so far was paid a while ago: a day pass a moment after another is refused (409), which these rows do not test. */
const boughtAWhileAgo = () => ctx.database.pool.query(`UPDATE payments SET paid_at = paid_at - interval '2 minutes' WHERE paid_at IS NOT NULL`);

/** A fresh report of a fresh post of the owner's (made in the table: the owner's posting limit is for other rows), by a guest. */
const freshReport = async () => {
  const postId = await insertPost(ctx, { userId: owner.id, title: 'Reported' });
  const res = await ctx.app.inject({
    ...json('POST', '/api/posts/report', { postId, reason: 'spam' }),
    remoteAddress: `10.79.0.${++address}`,
  });
  return res.json().id as string;
};
/** A fresh member's pending verification request. */
const freshVerification = async () => {
  const asker = await registerMember(ctx.app, { username: 'Asker' });
  const res = await ctx.app.inject(
    as(
      asker.cookie,
      json('POST', '/api/verification-requests', {
        businessName: 'Shop',
        verifiedType: 'business',
        businessPhone: '4165550123',
      }),
    ),
  );
  return res.json().id as string;
};
/** Runs `sql` before the row's request (a badge to revoke, a suspension to lift). */
const withState = async (statement: ReturnType<typeof sql>, then: InjectOptions): Promise<InjectOptions> => {
  await ctx.database.db.execute(statement);
  await callerChanged(ctx, { userId: suspendee.id });
  return then;
};

const MATRIX: Record<string, Row> = {
  'POST /api/auth/register': {
    request: () => ({
      ...json('POST', '/api/auth/register', {
        username: 'New',
        email: uniqueEmail('m'),
        password: 'secret123',
      }),
      remoteAddress: `10.77.0.${++address}`,
    }),
    expect: everyone(201),
    replacesSession: true,
  },
  'POST /api/auth/login': {
    request: () => json('POST', '/api/auth/login', { email: other.email, password: other.password }),
    expect: everyone(200),
    replacesSession: true,
  },
  'POST /api/auth/logout': {
    request: () => json('POST', '/api/auth/logout'),
    expect: everyone(204),
    replacesSession: true,
  },
  'GET /api/auth/me': { request: () => json('GET', '/api/auth/me'), expect: membersOnly(200) },
  'GET /api/user/me': { request: () => json('GET', '/api/user/me'), expect: membersOnly(200) },
  'GET /api/user/export': { request: () => json('GET', '/api/user/export'), expect: membersOnly(200) },
  'GET /api/user/posts': { request: () => json('GET', '/api/user/posts'), expect: membersOnly(200) },
  // Without the actor's own password: a guest has no account (401), a member is refused (401); the deletion itself is in account.test.ts.
  'DELETE /api/user/me': { request: () => json('DELETE', '/api/user/me', { password: 'not the password' }), expect: everyone(401) },
  // What a member is mailed (0137): their own, any member's.
  'GET /api/user/preferences': { request: () => json('GET', '/api/user/preferences'), expect: membersOnly(200) },
  'PUT /api/user/preferences': { request: () => json('PUT', '/api/user/preferences', { mailMessages: true }), expect: membersOnly(200) },
  // The link at the foot of a message mail (docs/decisions/0138): the link is the right, whoever follows it, signed in or not.
  'POST /api/mail/stop': { request: () => json('POST', `/api/mail/stop?${ownersStopLink().search.slice(1)}`), expect: everyone(200) },
  'GET /api/mail/stop': { request: () => json('GET', `/api/mail/stop?${ownersStopLink().search.slice(1)}`), expect: everyone(303) },
  // A member's own name and email (0136): any member renames themselves; a wrong password is 401 for everyone.
  'PATCH /api/user/me': { request: () => json('PATCH', '/api/user/me', { username: 'Renamed in the matrix' }), expect: membersOnly(200) },
  'PUT /api/user/email': { request: () => json('PUT', '/api/user/email', { email: 'moved@example.com', password: 'not the password' }), expect: everyone(401) },
  // A member's own password, asked again (0135): a wrong one is 401 for everyone, so no row changes a fixture's password.
  'PUT /api/user/password': { request: () => json('PUT', '/api/user/password', { currentPassword: 'not the password', newPassword: 'a new password' }), expect: everyone(401) },
  // This app mails nothing (no SMTP_URL): a link is not offered (tests/api/passwords.test.ts mails them).
  'POST /api/auth/password-reset': { request: () => json('POST', '/api/auth/password-reset', { email: 'someone@example.com' }), expect: everyone(503) },
  'POST /api/auth/password-reset/confirm': { request: () => json('POST', '/api/auth/password-reset/confirm', { token: 'x'.repeat(43), password: 'a new password' }), expect: everyone(400) },
  'GET /api/session': { request: () => json('GET', '/api/session'), expect: everyone(200) },
  'GET /api/health': { request: () => json('GET', '/api/health'), expect: everyone(200) },
  'GET /api/ready': { request: () => json('GET', '/api/ready'), expect: everyone(200) },
  // Only for a request carrying METRICS_TOKEN as a bearer token, whoever's session it has (docs/decisions/0085).
  'GET /metrics': { request: () => json('GET', '/metrics'), expect: everyone(401) },
  'GET /uploads/*': { request: () => json('GET', imageUrl), expect: everyone(200) },
  'GET /api/posts': { request: () => json('GET', '/api/posts'), expect: everyone(200) },
  'GET /api/posts/:id': { request: () => json('GET', `/api/posts/${ownerPostId}`), expect: everyone(200) },
  'POST /api/posts': {
    request: () => json('POST', '/api/posts', { ...VALID_POST, title: 'New post' }),
    // Posting is gated by default (DECISIONS 8): a guest needs a grant, a member has the trial.
    expect: [401, 201, 201, 201, 201],
  },
  'PATCH /api/posts/:id': {
    request: async () =>
      json('PATCH', `/api/posts/${await ownersPost()}`, { ...VALID_POST, title: 'Edited' }),
    expect: ownerOrAdmin(200),
  },
  'DELETE /api/posts/:id': {
    request: async () => json('DELETE', `/api/posts/${await ownersPost()}`),
    expect: ownerOrAdmin(204),
  },
  'PATCH /api/posts/:id/status': {
    request: async () => json('PATCH', `/api/posts/${await ownersPost()}/status`, { status: 'limited' }),
    expect: ownerOrAdmin(200),
  },
  'GET /api/posts/map': {
    request: () => json('GET', '/api/posts/map?bbox=-80,43,-79,44&zoom=9'),
    expect: everyone(200),
  },
  'GET /api/favorites/check': {
    request: () => json('GET', `/api/favorites/check?postId=${ownerPostId}`),
    expect: membersOnly(200),
  },
  'GET /api/favorites/states': {
    request: () => json('GET', `/api/favorites/states?postIds=${ownerPostId}`),
    expect: membersOnly(200),
  },
  'GET /api/favorites': { request: () => json('GET', '/api/favorites'), expect: membersOnly(200) },
  'POST /api/favorites': {
    request: async () => json('POST', '/api/favorites', { postId: await ownersPost() }),
    expect: membersOnly(201),
  },
  'DELETE /api/favorites': {
    request: () => json('DELETE', '/api/favorites', { postId: ownerPostId }),
    expect: membersOnly(200),
  },
  'GET /api/posts/:id/comments': {
    request: () => json('GET', `/api/posts/${ownerPostId}/comments`),
    expect: everyone(200),
  },
  'POST /api/posts/:id/comments': {
    request: () => json('POST', `/api/posts/${ownerPostId}/comments`, { content: 'Nice' }),
    expect: membersOnly(201),
  },
  'DELETE /api/comments/:id': {
    request: async () => json('DELETE', `/api/comments/${await ownersComment()}`),
    expect: ownerOrAdmin(204),
  },
  'GET /api/users/:id': { request: () => json('GET', `/api/users/${owner.id}`), expect: everyone(200) },
  'GET /api/users/:id/ratings': {
    request: () => json('GET', `/api/users/${owner.id}/ratings`),
    expect: everyone(200),
  },
  'GET /api/users/:id/average-rating': {
    request: () => json('GET', `/api/users/${owner.id}/average-rating`),
    expect: everyone(200),
  },
  // Rating opens after a message each way (DECISIONS 20): the other member and the admin wrote with the owner.
  'POST /api/user-ratings': {
    request: () => json('POST', '/api/user-ratings', { ratedUserId: owner.id, rating: 5 }),
    expect: [401, 401, 403, 201, 201],
  },
  'POST /api/users/:id/block': {
    request: () => json('POST', `/api/users/${stranger.id}/block`),
    expect: membersOnly(204),
  },
  'DELETE /api/users/:id/block': {
    request: () => json('DELETE', `/api/users/${stranger.id}/block`),
    expect: membersOnly(204),
  },
  'POST /api/messages': {
    request: () => json('POST', '/api/messages', { toUserId: stranger.id, content: 'Hi' }),
    expect: membersOnly(201),
  },
  'GET /api/messages': { request: () => json('GET', '/api/messages'), expect: membersOnly(200) },
  'GET /api/messages/with/:userId': {
    request: () => json('GET', `/api/messages/with/${stranger.id}`),
    expect: membersOnly(200),
  },
  'POST /api/messages/with/:userId/read': {
    request: () => json('POST', `/api/messages/with/${stranger.id}/read`),
    expect: membersOnly(204),
  },
  'POST /api/posts/report': {
    request: async () => json('POST', '/api/posts/report', { postId: await ownersPost(), reason: 'spam' }),
    expect: everyone(201),
  },
  // Anyone asks whether they reported a post (0148).
  'GET /api/posts/:id/report': {
    request: async () => json('GET', `/api/posts/${await insertPost(ctx, { userId: owner.id, title: 'Asked about' })}/report`),
    expect: everyone(200),
  },
  'GET /api/notifications': { request: () => json('GET', '/api/notifications'), expect: membersOnly(200) },
  // One of the owner's notifications: others are told it does not exist.
  'POST /api/notifications/:id/read': {
    request: () => json('POST', `/api/notifications/${ownerNotificationId}/read`),
    expect: [401, 401, 204, 404, 404],
  },
  // 'Mark all as read' up to the owner's notification: another member marks nothing, and is told nothing of it.
  'POST /api/notifications/read': {
    request: () => json('POST', '/api/notifications/read', { upTo: ownerNotificationId }),
    expect: membersOnly(204),
  },
  'DELETE /api/notifications': {
    request: () => json('DELETE', '/api/notifications'),
    expect: membersOnly(204),
  },
  // The live socket answers only an upgrade (tests/api/live.test.ts); a plain request is not one.
  'GET /ws': { request: () => json('GET', '/ws'), expect: everyone(404) },
  // Access (spec §7, issue 16): kindness once a day per address (each actor here has its own) and per holder:
  // the guest with a grant holds one, and so does the other member, who signed in as such a guest above
  // ('POST /api/auth/login': a guest's grants move to the account, DECISIONS 5).
  'POST /api/grant-kindness-access': {
    request: () => ({ ...json('POST', '/api/grant-kindness-access'), remoteAddress: `10.78.0.${++address}` }),
    expect: [200, 409, 200, 409, 200],
  },
  'POST /api/verify-admin': {
    request: () => json('POST', '/api/verify-admin', { password: OWNER_PASSWORD }),
    expect: everyone(200),
  },
  // Payments in demo mode (no provider keys): the payer is the session, a guest's too (DECISIONS 25).
  // The day passes bought before were bought a while ago: one a moment after another is refused (payments-races.test.ts).
  'POST /api/create-one-time-payment': {
    request: async () => (await boughtAWhileAgo(), json('POST', '/api/create-one-time-payment', { type: 'day' })),
    expect: everyone(200),
  },
  'POST /api/create-posting-checkout': {
    request: () => json('POST', '/api/create-posting-checkout', { postType: 'fruit' }),
    expect: everyone(200),
  },
  'GET /api/payments/config': { request: () => json('GET', '/api/payments/config'), expect: everyone(200) },
  'GET /api/payments/receipts': {
    request: () => json('GET', '/api/payments/receipts'),
    expect: everyone(200),
  },
  // The owner's payment: anyone else is told it does not exist.
  'GET /api/payments/:id': {
    request: () => json('GET', `/api/payments/${ownerPaymentId}`),
    expect: [404, 404, 200, 404, 404],
  },
  'GET /paypal/setup': { request: () => json('GET', '/paypal/setup'), expect: everyone(200) },
  'POST /paypal/order': {
    request: () => json('POST', '/paypal/order', { type: 'day', amount: '3.00', currency: 'USD' }),
    expect: everyone(200),
  },
  'POST /paypal/order/:orderId/capture': {
    request: async () => (await boughtAWhileAgo(), json('POST', `/paypal/order/${ownerOrder.id}/capture`)),
    expect: [404, 404, 200, 404, 404],
  },
  'GET /paypal/return': {
    request: () => json('GET', `/paypal/return?payment=${ownerOrder.paymentId}`),
    expect: [404, 404, 302, 404, 404],
  },
  // Without provider keys there is nothing to receive (tests/api/payments-webhooks.test.ts has them set).
  'POST /api/webhooks/stripe': {
    request: () => json('POST', '/api/webhooks/stripe', {}),
    expect: everyone(404),
  },
  'POST /api/webhooks/paypal': {
    request: () => json('POST', '/api/webhooks/paypal', {}),
    expect: everyone(404),
  },
  'GET /api/referrals': { request: () => json('GET', '/api/referrals'), expect: membersOnly(200) },
  'GET /api/referrals/summary': {
    request: () => json('GET', '/api/referrals/summary'),
    expect: membersOnly(200),
  },
  // Without SMTP_URL invitations cannot be mailed (tests/api/referrals.test.ts mails them).
  'POST /api/referrals/invite': {
    request: () => json('POST', '/api/referrals/invite', { email: uniqueEmail('friend') }),
    expect: membersOnly(503),
  },
  // The home page's figures (issue 20): anyone reads them and counts views and searches; one's impact is one's own.
  'GET /api/community': { request: () => json('GET', '/api/community'), expect: everyone(200) },
  'POST /api/views': {
    request: () => json('POST', '/api/views', { postIds: [ownerPostId] }),
    expect: everyone(200),
  },
  'POST /api/searches': {
    request: () => json('POST', '/api/searches', { query: 'apples' }),
    expect: everyone(204),
  },
  // Place search (docs/decisions/0120): anyone picks where distances are measured from.
  'GET /api/places': { request: () => json('GET', '/api/places?q=leslieville'), expect: everyone(200) },
  'GET /api/user/impact': { request: () => json('GET', '/api/user/impact'), expect: membersOnly(200) },
  'GET /api/user/analytics': {
    request: () => json('GET', '/api/user/analytics?range=7d'),
    expect: membersOnly(200),
  },
  // Verification (DECISIONS 16): a member's own requests; one pending at a time each.
  'POST /api/verification-requests': {
    request: () =>
      json('POST', '/api/verification-requests', {
        businessName: 'Orchard',
        verifiedType: 'individual',
        businessPhone: '4165550100',
      }),
    expect: membersOnly(201),
  },
  'GET /api/verification-requests': {
    request: () => json('GET', '/api/verification-requests'),
    expect: membersOnly(200),
  },
  // Moderation (DECISIONS 3, issue 19): admins only, a guest asked to sign in first.
  'GET /api/admin/stats': { request: () => json('GET', '/api/admin/stats'), expect: adminsOnly(200) },
  'GET /api/admin/reports': { request: () => json('GET', '/api/admin/reports'), expect: adminsOnly(200) },
  'GET /api/admin/report-cases': {
    request: () => json('GET', '/api/admin/report-cases?status=all'),
    expect: adminsOnly(200),
  },
  'PATCH /api/admin/reports/:id': {
    request: async () =>
      json('PATCH', `/api/admin/reports/${await freshReport()}`, {
        status: 'dismissed',
        reviewNotes: 'Fine',
      }),
    expect: adminsOnly(200),
  },
  'GET /api/admin/verification-requests': {
    request: () => json('GET', '/api/admin/verification-requests'),
    expect: adminsOnly(200),
  },
  'PATCH /api/admin/verification-requests/:id': {
    request: async () =>
      json('PATCH', `/api/admin/verification-requests/${await freshVerification()}`, { status: 'approved' }),
    expect: adminsOnly(200),
  },
  'DELETE /api/admin/users/:id/verification': {
    request: () =>
      withState(
        sql`UPDATE users SET is_verified = true, verified_type = 'individual' WHERE id = ${suspendee.id}`,
        json('DELETE', `/api/admin/users/${suspendee.id}/verification`),
      ),
    expect: adminsOnly(204),
  },
  'POST /api/admin/users/:id/suspend': {
    request: () => json('POST', `/api/admin/users/${suspendee.id}/suspend`, { reason: 'Spam', end: '7d' }),
    expect: adminsOnly(200),
  },
  'DELETE /api/admin/users/:id/suspend': {
    request: () =>
      withState(
        sql`UPDATE users SET suspended_at = now(), suspended_until = NULL, suspension_reason = 'Spam' WHERE id = ${suspendee.id}`,
        json('DELETE', `/api/admin/users/${suspendee.id}/suspend`),
      ),
    expect: adminsOnly(200),
  },
  'GET /api/admin/audit-log': { request: () => json('GET', '/api/admin/audit-log'), expect: adminsOnly(200) },
  // Marketing (issue 20, DECISIONS 28): anyone's landing through a campaign link counts (each actor a visitor of its own); the rest is admins'.
  'POST /api/visits': {
    request: () => json('POST', '/api/visits', { source: 'matrix', campaign: 'every-actor' }),
    expect: everyone(200),
  },
  'GET /api/admin/marketing/overview': {
    request: () => json('GET', '/api/admin/marketing/overview'),
    expect: adminsOnly(200),
  },
  'GET /api/admin/marketing/preview': {
    request: () => json('GET', '/api/admin/marketing/preview?audience=cottage'),
    expect: adminsOnly(200),
  },
  'GET /api/admin/marketing/campaigns': {
    request: () => json('GET', '/api/admin/marketing/campaigns'),
    expect: adminsOnly(200),
  },
  // The web app's pages and files (served from the build): every page to everyone, its screen
  // decides what to show (docs/decisions/0088); the sitemap and robots.txt too.
  ...Object.fromEntries(
    APP_PATHS.map((page) => [
      `GET ${page}`,
      {
        request: () => ({ method: 'GET', url: page, headers: { accept: 'text/html' } }),
        expect: everyone(200),
      },
    ]),
  ),
  'GET /index.html': { request: () => json('GET', '/index.html'), expect: everyone(200) },
  'GET /sitemap.xml': { request: () => json('GET', '/sitemap.xml'), expect: everyone(200) },
  'GET /robots.txt': { request: () => json('GET', '/robots.txt'), expect: everyone(200) },
};

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Owner' });
  other = await registerMember(ctx.app, { username: 'Other' });
  admin = await registerMember(ctx.app, { username: 'Admin' });
  stranger = await registerMember(ctx.app, { username: 'Stranger' });
  suspendee = await registerMember(ctx.app, { username: 'Suspendee' });
  await makeAdmin(ctx, admin.id);
  for (const [a, b] of [
    [other, owner],
    [owner, other],
    [admin, owner],
    [owner, admin],
  ] as const)
    expect((await send(a, b)).statusCode).toBe(201);
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const post = (
    await createPost(
      ctx.app,
      owner.cookie,
      { ...VALID_POST, latitude: '43.7', longitude: '-79.4' },
      { bytes: image },
    )
  ).json();
  ownerPostId = post.id;
  imageUrl = post.imageUrl;
  await ctx.app.inject(
    as(other.cookie, {
      method: 'POST',
      url: `/api/posts/${ownerPostId}/comments`,
      payload: { content: 'Lovely' },
    }),
  );
  ownerNotificationId = (
    await ctx.app.inject(as(owner.cookie, { method: 'GET', url: '/api/notifications' }))
  ).json().items[0].id;
  const pay = (url: string, payload: object) =>
    ctx.app.inject(as(owner.cookie, { method: 'POST', url, payload }));
  ownerPaymentId = (await pay('/api/create-one-time-payment', { type: 'day' })).json().paymentId;
  const order = (await pay('/paypal/order', { type: 'day' })).json().id as string;
  const receipts = (
    await ctx.app.inject(as(owner.cookie, { method: 'GET', url: '/api/payments/receipts' }))
  ).json();
  expect(receipts).toHaveLength(1);
  ownerOrder = { id: order, paymentId: await paymentOfOrder(order) };
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
