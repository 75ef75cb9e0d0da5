import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUp,
  keepAliveLoad,
  killPostgresAndHoldItsPort,
  msUntil,
  queryCluster,
  request,
  runningPostgres,
  startApp,
  statusOf,
  tempDataDir,
  whenReady,
  type Answer,
  type AppProcess,
} from './harness';

const UNAVAILABLE = { message: 'The service is briefly unavailable. Please try again in a moment.', retryAfter: 2 };

interface Sample {
  at: number;
  kind: 'write' | 'read' | 'health';
  status: number;
  answer?: Answer;
}

/**
 * Sign-ups (writes, each from an address of its own through X-Forwarded-For), reads of posts no
 * cache holds, and the health check every 50 ms, until `stop()`: every answer with its time, and
 * the emails whose sign-up was acknowledged (201).
 */
function mixedLoad(base: string) {
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  let stopped = false;
  let n = 0;
  const record = async (kind: Sample['kind'], send: () => Promise<Answer>) => {
    const answer = await send().catch(() => undefined);
    samples.push({ at: Date.now(), kind, status: answer?.status ?? 0, answer });
    return answer;
  };
  const writer = async () => {
    while (!stopped) {
      const email = `load${++n}-${randomUUID()}@example.com`;
      const answer = await record('write', () =>
        request(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({ username: 'Load', email, password: 'secret123' }),
        }),
      );
      if (answer?.status === 201) acknowledged.push(email);
    }
  };
  const reader = async () => {
    while (!stopped) await record('read', () => request(`${base}/api/posts/${randomUUID()}`));
  };
  const health = async () => {
    while (!stopped) {
      await record('health', () => request(`${base}/api/health`));
      await sleep(50);
    }
  };
  const loops = [writer(), writer(), writer(), reader(), reader(), reader(), health()];
  return {
    samples,
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Milliseconds from `from` to the first sample of `kind` with `status` at or after it. */
function firstAfter(samples: Sample[], kind: Sample['kind'], status: number, from: number): number {
  const sample = samples.find((s) => s.kind === kind && s.status === status && s.at >= from);
  return sample ? sample.at - from : Infinity;
}

/**
 * The embedded PostgreSQL killed with -9 under load, and kept from starting again for 2.5 s (its
 * port held): honest 503s, the app starting it again itself, service back within 5 s of it
 * running, no acknowledged write lost (docs/decisions/0077). Then a shutdown with it dead.
 */
describe('the embedded PostgreSQL killed under load', () => {
  const dataDir = tempDataDir();
  let app: AppProcess;
  afterAll(cleanUp);

  it('answers 503 meanwhile, is started again by the app, serves within 5 s of it running, and loses no acknowledged write', async () => {
    app = await whenReady(await startApp(dataDir, { TRUST_PROXY: 'true' }));
    const load = mixedLoad(app.base);
    let killedAt = 0;
    let runningAt: number | undefined;
    try {
      await sleep(1_000);
      killedAt = Date.now();
      const postgres = await killPostgresAndHoldItsPort(dataDir);
      await sleep(2_500);
      await postgres.release();
      await msUntil(() => (runningAt = app.lines().find((l) => l.msg.startsWith('The embedded PostgreSQL is running again'))?.time) !== undefined, 15_000);
      const served = (from: number) => firstAfter(load.samples, 'read', 404, from) < Infinity && firstAfter(load.samples, 'health', 200, from) < Infinity;
      if (runningAt !== undefined) await msUntil(() => served(runningAt!), 10_000);
    } finally {
      await load.stop();
    }
    expect(runningAt).toBeDefined();

    const { samples } = load;
    expect(samples.filter((s) => s.at < killedAt && s.kind === 'write' && s.status === 201).length).toBeGreaterThan(0);
    expect(samples.filter((s) => ![200, 201, 404, 503].includes(s.status)).map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    for (const s of samples.filter((s) => s.status === 503 && s.kind !== 'health')) {
      expect(JSON.parse(s.answer!.body)).toEqual(UNAVAILABLE);
      expect(s.answer!.headers['retry-after']).toBe('2');
    }
    expect(firstAfter(samples, 'health', 503, killedAt)).toBeLessThanOrEqual(2_000);
    expect(firstAfter(samples, 'read', 503, killedAt)).toBeLessThanOrEqual(2_000);
    expect(firstAfter(samples, 'health', 200, runningAt!)).toBeLessThanOrEqual(5_000);
    expect(firstAfter(samples, 'read', 404, runningAt!)).toBeLessThanOrEqual(5_000);

    const stored = await queryCluster<{ n: number }>(dataDir, 'SELECT count(*)::int AS n FROM users WHERE email = ANY($1)', [load.acknowledged]);
    expect(stored[0]!.n).toBe(load.acknowledged.length);

    const lines = app.lines();
    const said = (start: string) => lines.filter((l) => l.msg.startsWith(start)).length;
    expect(said('The embedded PostgreSQL stopped unexpectedly (killed by SIGKILL)')).toBe(1);
    expect(said('Starting the embedded PostgreSQL again failed (attempt 1)')).toBe(1);
    expect(said('The embedded PostgreSQL is running again')).toBe(1);
    expect(said('The database cannot be reached')).toBe(1);
    expect(said('The database answers again')).toBe(1);
    expect(lines.filter((l) => l.level >= 50 || (l.err as { stack?: string } | undefined)?.stack)).toEqual([]);
  });

  it('exits 0 within 10 s on SIGTERM with the database dead, resetting no request and leaving no PostgreSQL', async () => {
    const postgres = await killPostgresAndHoldItsPort(dataDir);
    expect(await msUntil(async () => (await statusOf(`${app.base}/api/health`)) === 503, 5_000)).toBeLessThan(5_000);
    const load = keepAliveLoad(app.base, 20, ['/api/health', '/api/session', `/api/posts/${randomUUID()}`]);
    await sleep(500);

    const started = Date.now();
    app.child.kill('SIGTERM');
    const { code } = await app.exited;
    const took = Date.now() - started;
    const tally = await load.finished();
    await postgres.release();

    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect(tally.answered).toBeGreaterThan(0);
    expect(tally.resets).toBeLessThanOrEqual(2);
    expect(runningPostgres(dataDir)).toBeNull();
  });
});
