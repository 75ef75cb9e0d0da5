import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openSocket } from '../../bench/live';
import { signInMembers } from '../../bench/members';
import { RATE_RULES } from '../../src/server/modules/auth/service';
import { POST_RATE_RULES } from '../../src/server/modules/posts/limits';
import { LIMITS } from '../../src/domain/limits';
import { notify } from '../../src/server/events/bus';
import { POST_CHANGED } from '../../src/server/events/topics';
import { call, sidOf, useCluster } from './harness';

/**
 * The key journeys through the two-instance setup of `npm run cluster` (issue 21, item 5;
 * docs/decisions/0085): each instance is reached on its own loopback port where a test needs one
 * instance or the other, and through HAProxy otherwise.
 */
const ctx = useCluster();
const a = () => ctx.cluster.instances[0]!.url;
const b = () => ctx.cluster.instances[1]!.url;

describe('two instances behind HAProxy', () => {
  it('spreads requests over both instances, each answered with a request id', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(`${ctx.cluster.url}/api/ready`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.headers.get('x-request-id'))).size).toBe(4);
  });

  it('keeps one LISTEN connection per instance, apart from its pool', async () => {
    const db = new pg.Pool({ connectionString: ctx.cluster.databaseUrl, max: 1 });
    try {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'event-bus' AND query ILIKE 'LISTEN%'`,
      );
      expect(rows[0]!.n).toBe(ctx.cluster.instances.length);
    } finally {
      await db.end();
    }
  });

  it('keeps a session made on one instance on the other, and ends it on both', async () => {
    const [member] = await signInMembers(a(), 'Session member', 60, 1);
    const me = await call(`${b()}/api/auth/me`, { cookie: member!.cookie });
    expect(me.status, me.body).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ id: member!.id });
    expect((await call(`${b()}/api/auth/logout`, { method: 'POST', cookie: member!.cookie, json: {} })).status).toBeLessThan(300);
    expect((await call(`${a()}/api/auth/me`, { cookie: member!.cookie })).status).toBe(401);
  });

  it('serves a photo uploaded through one instance from the other (the bucket)', async () => {
    const [giver] = await signInMembers(a(), 'Photo member', 61, 1);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a72' } }).jpeg().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ type: 'fruit', title: 'Pears', description: 'A tree of pears', address: '2 Main St' })) form.append(k, v);
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'pears.jpg');
    const created = await call(`${a()}/api/posts`, { method: 'POST', cookie: giver!.cookie, form });
    expect(created.status, created.body).toBe(201);
    const { imageUrl, thumbnailUrl } = JSON.parse(created.body) as { imageUrl: string; thumbnailUrl: string };
    const [fromA, fromB] = await Promise.all([fetch(`${a()}${imageUrl}`), fetch(`${b()}${imageUrl}`)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect((await fetch(`${b()}${thumbnailUrl}`)).status).toBe(200);
  });

  it('delivers a message sent through one instance to a socket held by the other within 1 s, and keeps it for a socket that comes back', async () => {
    const [sender, recipient] = await signInMembers(a(), 'Socket member', 62, 2);
    const socket = await openSocket(b(), recipient!.cookie);
    const arrived = new Promise<number>((resolve) =>
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type: string; data?: { content?: string } };
        if (frame.type === 'new_message' && frame.data?.content === 'Across instances') resolve(performance.now());
      }),
    );
    const sent = performance.now();
    const answer = await call(`${a()}/api/messages`, { method: 'POST', cookie: sender!.cookie, json: { toUserId: recipient!.id, content: 'Across instances' } });
    expect(answer.status, answer.body).toBe(201);
    expect((await Promise.race([arrived, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 1_000))])) - sent).toBeLessThan(1_000);

    // While the recipient's socket is closed, the message is stored; the next socket's first
    // fetch (what the web does on every (re)connection) finds it, on either instance.
    socket.close();
    await call(`${a()}/api/messages`, { method: 'POST', cookie: sender!.cookie, json: { toUserId: recipient!.id, content: 'While away' } });
    const again = await openSocket(ctx.cluster.url, recipient!.cookie);
    const page = JSON.parse((await call(`${b()}/api/notifications`, { cookie: recipient!.cookie })).body) as { items: Array<{ data: { content?: string } }>; unread: number };
    again.close();
    expect(page.items.map((n) => n.data.content)).toEqual(['While away', 'Across instances']);
    expect(page.unread).toBe(2);
  });
});

describe('limits counted once for both instances', () => {
  it('meets the sign-in limit with 30 wrong guesses spread over both', async () => {
    const email = 'guessed@example.org';
    const registered = await call(`${a()}/api/auth/register`, { method: 'POST', from: '10.63.0.1', json: { username: 'Guessed', email, password: 'secret123' } });
    expect(registered.status, registered.body).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const instance = i % 2 ? b() : a();
      statuses.push((await call(`${instance}/api/auth/login`, { method: 'POST', from: '10.63.9.9', json: { email, password: `wrong ${i}` } })).status);
    }
    const allowed = RATE_RULES.loginPerIp.limit;
    expect(statuses.slice(0, allowed)).toEqual(Array<number>(allowed).fill(401));
    expect(statuses.slice(allowed)).toEqual(Array<number>(30 - allowed).fill(429));
  });

  it('keeps a guest to its daily preview budget whichever instance answers', async () => {
    const db = new pg.Pool({ connectionString: ctx.cluster.databaseUrl, max: 1 });
    try {
      // 60 posts: three types in five regions, so each of the 15 filters has a first post of its own.
      await db.query(`
        INSERT INTO posts (type, region, title, description, address, latitude, longitude, public_latitude, public_longitude, created_at)
        SELECT (ARRAY['fruit','firewood','skids'])[1 + i % 3]::post_type,
               (ARRAY['muskoka','kawartha','haliburton','scarborough','toronto'])[1 + (i / 3) % 5]::region,
               'Budget post ' || i, 'Something to give', i || ' Side St', 44 + i * 0.001, -79.5, 44 + i * 0.001, -79.5, now() - i * interval '1 minute'
        FROM generate_series(1, 60) AS i`);
      await notify(db, POST_CHANGED, {});
    } finally {
      await db.end();
    }
    const session = await call(`${a()}/api/session`, { from: '10.64.0.1' });
    const cookie = sidOf(session)!;
    const full = new Set<string>();
    for (const [i, type] of ['fruit', 'firewood', 'skids'].entries())
      for (const [j, region] of ['muskoka', 'kawartha', 'haliburton', 'scarborough', 'toronto'].entries()) {
        const answer = await call(`${(i + j) % 2 ? b() : a()}/api/posts?type=${type}&region=${region}`, { cookie, from: '10.64.0.1' });
        expect(answer.status, answer.body).toBe(200);
        for (const post of JSON.parse(answer.body) as Array<{ id: string; locked: boolean }>) if (!post.locked) full.add(post.id);
      }
    expect(full.size).toBe(LIMITS.previewPostsPerSession);
  });

  it('meets the preview throttle with its calls spread over both', async () => {
    const { limit, what } = POST_RATE_RULES.previewPerAddress;
    const statuses: number[] = [];
    for (let first = 0; first < limit; first += 10) {
      const batch = Array.from({ length: 10 }, (_, i) => call(`${(first + i) % 2 ? b() : a()}/api/posts?type=fruit`, { from: '10.65.0.1' }));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    const over = await call(`${ctx.cluster.url}/api/posts?type=fruit`, { from: '10.65.0.1' });
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body).message).toMatch(new RegExp(`^Too many ${what}\\.`));
  });
});

describe('the balancer when every check fails', () => {
  it('passes requests to the instances unchecked rather than answering 503 to all', async () => {
    const [member] = await signInMembers(a(), 'Open member', 66, 1);
    await ctx.cluster.s3.close();
    // The storage probe is at most a second old.
    let ready = await call(`${a()}/api/ready`);
    for (let tries = 0; ready.status === 200 && tries < 30; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await call(`${a()}/api/ready`);
    }
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ storage: 'down' });
    // Two failed checks 500 ms apart take both instances out of the checked servers.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(`${ctx.cluster.url}/api/posts?type=fruit`, { cookie: member!.cookie })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
