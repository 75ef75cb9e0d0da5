import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect, ensureDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/server/db/embedded';
import { seedPosts } from '../src/server/modules/demo/seed';
import { notify } from '../src/server/events/bus';
import { SESSION_CHANGED } from '../src/server/events/topics';
import { removePostsOf } from './members';
import { MIXED_NAME } from './mixed';
import { reserveHugePages } from './huge-pages';

export const BENCH_DATABASE = 'bench_1m';

export interface BenchDatabase {
  url: string;
  where: string;
  stop(): Promise<void>;
  /** Kills the benchmark's own PostgreSQL (kill -9 of its postmaster); it is started again by its supervisor. Null for BENCH_DATABASE_URL. */
  kill: (() => Promise<void>) | null;
}

/**
 * BENCH_DATABASE_URL, or the database `bench_1m` on an embedded PostgreSQL of its own in
 * BENCH_DATA_DIR (default ./data/bench, apart from the app's ./data/pg and ignored by git).
 */
export async function openBenchDatabase(env: NodeJS.ProcessEnv): Promise<BenchDatabase> {
  if (env.BENCH_DATABASE_URL)
    return { url: env.BENCH_DATABASE_URL, where: 'BENCH_DATABASE_URL', stop: async () => {}, kill: null };
  const dir = path.resolve(env.BENCH_DATA_DIR ?? './data/bench');
  const hugePages = reserveHugePages(env);
  const server: EmbeddedServer = await startEmbeddedPostgres(dir, {
    info: (m) => console.log(m),
    warn: () => {},
  });
  await ensureDatabase(server.adminUrl, BENCH_DATABASE);
  console.log(`${hugePages.said} PostgreSQL's huge_pages_status: ${await hugePagesStatus(server.adminUrl)}.`);
  const kill = async () => {
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
  };
  const stop = async () => {
    await server.stop();
    hugePages.release();
  };
  return { url: server.url(BENCH_DATABASE), where: `${BENCH_DATABASE} in ${dir}`, stop, kill };
}

/** Whether the server's shared memory is in huge pages (`on`, `off`), PostgreSQL 17 and later. */
async function hugePagesStatus(url: string): Promise<string> {
  const database = connect(url, null, 1);
  try {
    const { rows } = await database.db.execute<{ status: string }>(sql`SELECT current_setting('huge_pages_status', true) AS status`);
    return rows[0]?.status ?? 'unknown';
  } finally {
    await database.close();
  }
}

/**
 * Migrates, removes the posts earlier runs' mixed loads shared, then seeds the posts the database
 * lacks to hold `wanted`.
 */
export async function prepare(url: string, wanted: number): Promise<number> {
  const database = connect(url, null, 2);
  try {
    await runMigrations(database.pool);
    // Each run measures the seeded posts alone: a run's mixed load shares some 500 alike posts
    // ('Split maple, seasoned'), and a few runs' worth made the newest few thousand firewood posts
    // all alike, so (3)'s firewood searches found no match among them and read every match instead.
    const removed = await removePostsOf(database.pool, MIXED_NAME);
    if (removed > 0) console.log(`Removed ${removed.toLocaleString('en')} posts earlier mixed loads shared.`);
    const count = async () =>
      (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts`)).rows[0]!.n;
    const have = await count();
    if (have < wanted) {
      console.log(
        `Seeding ${(wanted - have).toLocaleString('en')} posts (it has ${have.toLocaleString('en')}); about 2 minutes per million…`,
      );
      const started = performance.now();
      await seedPosts(database.pool, { count: wanted - have, seed: 42 + have });
      console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    }
    // Index-only and bitmap plans rely on a fresh visibility map and statistics.
    await database.db.execute(sql`VACUUM ANALYZE posts`);
    await database.db.execute(sql`VACUUM ANALYZE map_cells`);
    await database.db.execute(sql`VACUUM ANALYZE word_cells`);
    return await count();
  } finally {
    await database.close();
  }
}

/** A member with lasting viewing access: registered (or signed in) over HTTP, given a lifetime grant. */
export async function benchMember(appUrl: string, databaseUrl: string): Promise<string> {
  const account = {
    username: 'Bench member',
    email: 'bench-member@example.org',
    password: 'bench-password-1',
  };
  const post = (p: string, body: object) =>
    fetch(`${appUrl}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const database = connect(databaseUrl, null, 1);
  try {
    // This database is the benchmark's own: its sign-in counters (25 an hour per account) are
    // reset so that runs in quick succession can sign in. Signing in first spares a sign-up attempt.
    await database.db.execute(sql`DELETE FROM rate_limits`);
    let res = await post('/api/auth/login', { email: account.email, password: account.password });
    if (res.status === 401) res = await post('/api/auth/register', account);
    if (!res.ok) throw new Error(`Could not sign the bench member in: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    if (!cookie) throw new Error('No session cookie for the bench member');
    await database.db.execute(sql`INSERT INTO grants (user_id, kind, source)
      SELECT ${id}, 'lifetime', 'bench' WHERE NOT EXISTS (SELECT 1 FROM grants WHERE user_id = ${id} AND kind = 'lifetime')`);
    // Written behind the app's back: tell it, as every writer must (docs/decisions/0050).
    await notify(database.pool, SESSION_CHANGED, { userId: id });
    return cookie;
  } finally {
    await database.close();
  }
}

/**
 * Waits, up to `maxMs`, until no other client runs a query in the benchmark database: requests a
 * measure left under way (slow ones, at 50 connections) end before the next measure starts.
 * Answers the milliseconds waited.
 */
export async function settle(url: string, maxMs = 60_000): Promise<number> {
  const database = connect(url, null, 1);
  const started = performance.now();
  try {
    while (performance.now() - started < maxMs) {
      const { rows } = await database.db.execute<{
        n: number;
      }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND state = 'active' AND pid <> pg_backend_pid()`);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return performance.now() - started;
  } finally {
    await database.close();
  }
}
