import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify, startEventBus, type Topic } from '../../src/server/events/bus';
import { POST_CHANGED, SESSION_CHANGED } from '../../src/server/events/topics';
import { as, registerMember, useTestApps } from './helpers';
import { createPost, expireGrants, VALID_POST } from './posts-helpers';

// Two instances of the app on one database, as behind a load balancer (docs/decisions/0050).
const [a, b] = useTestApps(2) as [ReturnType<typeof useTestApps>[0], ReturnType<typeof useTestApps>[0]];

/** Resolves with the next message on `t` that `app` receives (subscribe before acting). */
function next<T>(app: FastifyInstance, t: Topic<T>, timeoutMs = 3_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${t.name} within ${timeoutMs} ms`)), timeoutMs);
    const off = app.events.subscribe(t, (payload) => {
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject(as(cookie, { method: 'GET', url }));
const titles = (res: { json(): unknown }) => (res.json() as { title: string }[]).map((p) => p.title);

describe('the EventBus between instances', () => {
  it('delivers a message published on A to subscribers on B, and not twice on A', async () => {
    const topic: Topic<{ n: number }> = { name: 'test_ping' };
    const onA: number[] = [];
    const offA = a.app.events.subscribe(topic, (p) => onA.push(p.n));
    const arrived = next(b.app, topic);
    await a.app.events.publish(topic, { n: 7 });
    expect(onA).toEqual([7]); // delivered on A before publish resolved
    expect(await arrived).toEqual({ n: 7 });
    await new Promise((r) => setTimeout(r, 50));
    expect(onA).toEqual([7]); // A skips its own NOTIFY
    offA();
  });

  it('refuses a payload too large for NOTIFY', async () => {
    await expect(a.app.events.publish({ name: 'test_big' }, 'x'.repeat(9000))).rejects.toThrow(/too large/);
  });

  it('reconnects after losing its LISTEN connection and calls onResync: what was sent meanwhile is lost', async () => {
    const pool = a.database.pool;
    const silent = { debug: () => {}, info: () => {}, warn: () => {} };
    const bus = await startEventBus({ pool, log: silent, retry: { minMs: 300, maxMs: 300 }, applicationName: 'event-bus-test' });
    const topic: Topic<{ n: number }> = { name: 'test_resync' };
    const seen: number[] = [];
    bus.subscribe(topic, (p) => seen.push(p.n));
    const resynced = new Promise<void>((resolve) => bus.onResync(resolve));
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'event-bus-test' AND datname = current_database()`);
    await new Promise((r) => setTimeout(r, 100));
    await notify(pool, topic, { n: 1 }); // while the bus is away
    await resynced;
    await notify(pool, topic, { n: 2 });
    const deadline = Date.now() + 2_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([2]);
    await bus.close();
  });

  it('listens through its listen pool (DATABASE_DIRECT_URL), never the pool its queries go through', async () => {
    // The queries' pool stands for a transaction pooler; here it reaches nothing at all.
    const pooler = new pg.Pool({ connectionString: 'postgres://app@127.0.0.1:1/app', connectionTimeoutMillis: 500 });
    const silent = { debug: () => {}, info: () => {}, warn: () => {} };
    const bus = await startEventBus({ pool: pooler, listenPool: a.database.pool, log: silent, applicationName: 'event-bus-direct' });
    try {
      const topic: Topic<{ n: number }> = { name: 'test_direct' };
      const arrived = new Promise((resolve) => bus.subscribe(topic, resolve));
      await notify(a.database.pool, topic, { n: 3 });
      expect(await arrived).toEqual({ n: 3 });
      expect(bus.stats().listening).toBe(true);
    } finally {
      await bus.close();
      await pooler.end();
    }
  });

  it('serves fresh posts on B after every LISTEN connection was killed', async () => {
    const member = await registerMember(b.app);
    await get(b.app, '/api/posts', member.cookie); // B caches the first page
    await b.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'event-bus' AND datname = current_database()`,
    );
    // B may miss the NOTIFY of this post; it clears its caches when it listens again.
    await createPost(a.app, member.cookie, { ...VALID_POST, title: 'Posted while B was away' });
    const deadline = Date.now() + 5_000;
    let delivered = false;
    while (!delivered && Date.now() < deadline) {
      const arrived = next(b.app, { name: 'test_again' }, 300).then(() => true, () => false);
      await a.app.events.publish({ name: 'test_again' }, {});
      delivered = await arrived;
    }
    expect(delivered).toBe(true);
    expect(titles(await get(b.app, '/api/posts', member.cookie))[0]).toBe('Posted while B was away');
  });
});

describe('posts caches across instances', () => {
  it('shows a post created on A at once on A, and on B as soon as the bus delivers', async () => {
    const member = await registerMember(a.app);
    for (const app of [a.app, b.app]) await get(app, '/api/posts?type=fruit', member.cookie); // both cache the page
    const delivered = next(b.app, POST_CHANGED);
    const created = await createPost(a.app, member.cookie, { ...VALID_POST, title: 'Fresh apples' });
    expect(created.statusCode, created.body).toBe(201);
    expect(titles(await get(a.app, '/api/posts?type=fruit', member.cookie))[0]).toBe('Fresh apples');
    expect(await delivered).toEqual({ id: created.json().id });
    const onB = await get(b.app, '/api/posts?type=fruit', member.cookie);
    expect(titles(onB)[0]).toBe('Fresh apples');
  });

  it('drops the map and totals on B when a post changes status on A', async () => {
    const member = await registerMember(a.app);
    const post = (await createPost(a.app, member.cookie, { ...VALID_POST, title: 'Status change' })).json();
    const before = await get(b.app, '/api/posts?status=unavailable', member.cookie);
    const delivered = next(b.app, POST_CHANGED);
    await a.app.inject(as(member.cookie, { method: 'PATCH', url: `/api/posts/${post.id}/status`, payload: { status: 'unavailable', statusNotes: '' } }));
    await delivered;
    const after = await get(b.app, '/api/posts?status=unavailable', member.cookie);
    expect(Number(after.headers['x-total-count'])).toBe(Number(before.headers['x-total-count']) + 1);
  });
});

describe('callers across instances', () => {
  it('refuses on B a cookie signed out on A', async () => {
    const member = await registerMember(a.app);
    expect((await get(b.app, '/api/auth/me', member.cookie)).statusCode).toBe(200); // B caches the caller
    const delivered = next(b.app, SESSION_CHANGED);
    expect((await a.app.inject(as(member.cookie, { method: 'POST', url: '/api/auth/logout' }))).statusCode).toBe(204);
    expect((await get(a.app, '/api/auth/me', member.cookie)).statusCode).toBe(401);
    await delivered;
    expect((await get(b.app, '/api/auth/me', member.cookie)).statusCode).toBe(401);
  });

  it('gives full access at once on both instances when a grant is added', async () => {
    const member = await registerMember(a.app);
    await createPost(a.app, member.cookie, { ...VALID_POST, title: 'One' });
    await createPost(a.app, member.cookie, { ...VALID_POST, title: 'Two' });
    await expireGrants(a, member.id);
    for (const app of [a.app, b.app]) expect((await get(app, '/api/posts', member.cookie)).json()).toHaveLength(1); // gated, cached
    const delivered = next(b.app, SESSION_CHANGED);
    const now = new Date();
    await a.app.access.addGrant({ userId: member.id }, { kind: 'day', startsAt: now, endsAt: new Date(now.getTime() + 86_400_000), source: 'test' });
    expect((await get(a.app, '/api/posts', member.cookie)).json().length).toBeGreaterThan(1);
    await delivered;
    expect((await get(b.app, '/api/posts', member.cookie)).json().length).toBeGreaterThan(1);
    expect((await get(b.app, '/api/auth/me', member.cookie)).json().subscriptionStatus).toBe('active');
  });

  it('makes an admin at once when a script changes the flag and notifies', async () => {
    const member = await registerMember(a.app);
    expect((await get(b.app, '/api/auth/me', member.cookie)).json().isAdmin).toBe(false);
    const delivered = next(b.app, SESSION_CHANGED);
    await a.database.db.execute(sql`UPDATE users SET is_admin = true WHERE id = ${member.id}`);
    await notify(a.database.pool, SESSION_CHANGED, { userId: member.id }); // as scripts/admin.ts does
    await delivered;
    expect((await get(b.app, '/api/auth/me', member.cookie)).json().isAdmin).toBe(true);
  });
});
