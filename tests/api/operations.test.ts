import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerMember, useTestApp } from './helpers';
import { createPost, VALID_POST } from './posts-helpers';

const TOKEN = 'metrics-token-for-the-tests-0123';
const lines: Array<Record<string, unknown>> = [];
const ctx = useTestApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push({ ...JSON.parse(line), raw: line }) } });
const untokened = useTestApp();
/** Photos in a bucket on a port where nothing listens: the storage cannot be reached. */
const storageAway = useTestApp({ S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'away', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });

describe('X-Request-Id', () => {
  it('names every answer, and its request line', async () => {
    // Not /api/health: its passing answers are logged at debug (docs/decisions/0134).
    for (const url of ['/api/session', '/api/posts?limit=zero', '/api/nothing-here']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const id = res.headers['x-request-id'];
      expect(id, url).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.filter((l) => l.msg === 'request' && l.reqId === id), url).toHaveLength(1);
    }
  });

  it("keeps the balancer's id when it looks like one, and replaces one that does not", async () => {
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c21:0042' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21:0042');
    const replaced = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a"}\n{"forged":1' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is on the lines a service logs while it handles the request, once', async () => {
    const member = await registerMember(ctx.app);
    await ctx.database.db.execute(sql`CREATE FUNCTION refuse_ops() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await ctx.database.db.execute(sql`CREATE TRIGGER posts_ops BEFORE INSERT ON posts FOR EACH ROW WHEN (NEW.title = 'Refused') EXECUTE FUNCTION refuse_ops()`);
    const res = await createPost(ctx.app, member.cookie, { ...VALID_POST, title: 'Refused' });
    await ctx.database.db.execute(sql`DROP TRIGGER posts_ops ON posts`);
    expect(res.statusCode).toBe(500);
    const errors = lines.filter((l) => (l.level as number) >= 50);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(line.reqId).toBe(res.headers['x-request-id']);
      expect(String(line.raw).split('"reqId"')).toHaveLength(2);
    }
  });
});

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN', async () => {
    expect((await untokened.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for the token as a bearer, and refuses a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ message: 'The figures need the metrics token.' });
    }
  });

  it('gives requests and latency by route, the pool, the bus, the outbox, the jobs and the sockets', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    await ctx.app.jobs.runDue();
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/posts",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/posts"\} \d+/m);
    expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
    const roundTrip = Number(/^event_bus_round_trip_seconds (\S+)$/m.exec(text)?.[1]);
    expect(roundTrip).toBeGreaterThan(0);
    expect(roundTrip).toBeLessThan(1);
    expect(text).toMatch(/^event_bus_listening 1$/m);
    expect(text).toMatch(/^mail_outbox\{state="due"\} 0$/m);
    expect(text).toMatch(/^job_seconds_since_last_start\{job="sessions-expired"\} [\d.e-]+$/m);
    expect(text).toMatch(/^websocket_connections_open 0$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });
});

describe('GET /api/ready', () => {
  it('is 200 when the database and the storage answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'up', storage: 'up' });
  });

  it('is 503 with Retry-After, naming the storage, when the bucket cannot be reached', async () => {
    const res = await storageAway.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ ok: false, database: 'up', storage: 'down' });
    expect((await storageAway.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
