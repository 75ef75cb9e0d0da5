import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { proxyDatabase, type DbProxy } from './db-proxy';
import { as, registerMember, uniqueEmail, useTestApp, type Member } from './helpers';

/**
 * The database goes away under a running app and comes back (docs/decisions/0077), as a managed
 * server restarting behind DATABASE_URL: honest 503s meanwhile, the health check saying so within
 * 2 s, one log line when the outage starts and one when it ends, and service back within 5 s.
 */
const lines: string[] = [];
let proxy: DbProxy;
const ctx = useTestApp(
  { LOG_LEVEL: 'info' },
  {
    logStream: { write: (line) => void lines.push(line) },
    connectThrough: async (url) => (proxy = await proxyDatabase(url)).url,
  },
);
afterAll(() => proxy?.restore().catch(() => {}));

const UNAVAILABLE = { message: 'The service is briefly unavailable. Please try again in a moment.', retryAfter: 2 };
const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } });
const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });
/** A read no cache can answer: a post nobody has asked for. */
const uncached = () => ctx.app.inject({ method: 'GET', url: `/api/posts/${randomUUID()}` });
const register = () =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Out', email: uniqueEmail(), password: 'secret123' }, remoteAddress: '10.62.0.1' });

/** Milliseconds until `probe` answers `status`, polling every 50 ms for up to `limitMs`. */
async function msUntil(status: number, probe: () => Promise<{ statusCode: number }>, limitMs: number): Promise<number> {
  const started = Date.now();
  while ((await probe()).statusCode !== status) {
    if (Date.now() - started > limitMs) return Infinity;
    await sleep(50);
  }
  return Date.now() - started;
}

describe('a database outage', () => {
  let member: Member;

  it('answers 503 with Retry-After and { message } for what needs the database, and the health check says so within 2 s', async () => {
    member = await registerMember(ctx.app);
    expect((await health()).json()).toEqual({ ok: true, database: 'up' });
    // A page the member just read is kept (docs/decisions/0050): it may still be answered.
    expect((await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/posts' }))).statusCode).toBe(200);

    await proxy.cut();
    expect(await msUntil(503, health, 2_000)).toBeLessThanOrEqual(2_000);
    const down = await health();
    expect(down.json()).toEqual({ ok: false, database: 'down' });
    expect(down.headers['retry-after']).toBe('2');

    for (const res of [await uncached(), await register()]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual(UNAVAILABLE);
    }
    expect((await ctx.app.inject(as(member.cookie, { method: 'GET', url: '/api/posts' }))).statusCode).toBe(200);
  });

  it('logs the outage once, never a stack per request', async () => {
    for (let i = 0; i < 40; i++) expect((await uncached()).statusCode).toBe(503);
    const entries = logged();
    expect(entries.filter((l) => l.msg.startsWith('The database cannot be reached'))).toHaveLength(1);
    expect(entries.filter((l) => l.level >= 50)).toEqual([]);
    expect(entries.filter((l) => l.err?.stack)).toEqual([]);
  });

  it('serves again within 5 s of the database being back, without a restart, and logs the end once', async () => {
    await proxy.restore();
    expect(await msUntil(200, health, 5_000)).toBeLessThanOrEqual(5_000);
    expect(await msUntil(404, uncached, 5_000)).toBeLessThanOrEqual(5_000);
    expect((await register()).statusCode).toBe(201);
    expect(logged().filter((l) => l.msg.startsWith('The database answers again'))).toHaveLength(1);
  });

  it('fails a transaction whose connection is lost, never the process', async () => {
    const client = await ctx.database.pool.connect();
    await client.query('BEGIN');
    await proxy.cut();
    await sleep(100);
    await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|Connection terminated/);
    client.release();
    await proxy.restore();
    expect(await msUntil(200, health, 5_000)).toBeLessThanOrEqual(5_000);
  });
});
