import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabaseHealth, type DatabaseHealth } from './health';

/** A database the test switches on and off, counting the probes it answers. */
function fakeDatabase() {
  const db = {
    up: true,
    hangs: false,
    probes: 0,
    probe: async () => {
      db.probes += 1;
      if (db.hangs) await new Promise(() => {});
      if (!db.up) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    },
  };
  return db;
}

describe('database health', () => {
  let health: DatabaseHealth | undefined;
  afterEach(() => health?.close());

  function watch(db: ReturnType<typeof fakeDatabase>, opts: { maxAgeMs?: number; timeoutMs?: number } = {}) {
    const lines: string[] = [];
    health = createDatabaseHealth({ probe: db.probe, log: { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`) }, watchEveryMs: 20, ...opts });
    return { health, lines };
  }

  it('answers from a probe at most maxAgeMs old, one probe for callers at the same time', async () => {
    const db = fakeDatabase();
    const { health } = watch(db, { maxAgeMs: 100 });
    expect(await Promise.all([health.check(), health.check(), health.check()])).toEqual([true, true, true]);
    expect(db.probes).toBe(1);
    db.up = false;
    expect(await health.check()).toBe(true);
    await sleep(120);
    expect(await health.check()).toBe(false);
  });

  it('logs an outage once when it starts, with its cause, and once when it ends, noticing the end by itself', async () => {
    const db = fakeDatabase();
    const { health, lines } = watch(db);
    db.up = false;
    health.reportUnreachable();
    health.reportUnreachable();
    await sleep(50);
    health.reportUnreachable();
    expect(await health.check()).toBe(false);
    expect(lines).toEqual(['warn The database cannot be reached (connect ECONNREFUSED 127.0.0.1:5432): requests that need it answer 503 until it is back']);
    db.up = true;
    await sleep(60);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^info The database answers again after \d+\.\d s: requests are served again$/);
    expect(await health.check()).toBe(true);
  });

  it('takes a lost connection for no outage when the database still answers', async () => {
    const db = fakeDatabase();
    const { health, lines } = watch(db);
    health.reportUnreachable();
    await sleep(20);
    expect(db.probes).toBe(1);
    expect(lines).toEqual([]);
  });

  it('counts a probe without an answer within timeoutMs as a failure', async () => {
    const db = fakeDatabase();
    db.hangs = true;
    const { health, lines } = watch(db, { timeoutMs: 30 });
    expect(await health.check()).toBe(false);
    expect(lines).toEqual(['warn The database cannot be reached (no answer within 30 ms): requests that need it answer 503 until it is back']);
  });
});
