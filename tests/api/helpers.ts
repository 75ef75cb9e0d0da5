import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { S3_CREDENTIALS } from '../../scripts/s3-server';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { connect, ensureDatabase, type Database } from '../../src/server/db/client';
import type { Providers } from '../../src/server/modules/payments/providers/index';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * A fresh database cloned from the migrated template and an app built on it, for one test file.
 * Use inside a describe block or at the top of a file; the app is closed after the file.
 */
export function useTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  const [only] = useTestApps(1, env, opts);
  beforeAll(() => {
    Object.assign(ctx, only);
  });
  return ctx;
}

/**
 * `count` app instances on one fresh database, as several stateless instances behind a load
 * balancer: the same settings and secret, each with its own pool and its own EventBus connection.
 */
export interface TestAppOptions {
  /** A built web app to serve (none by default). */
  webRoot?: string;
  /** Where the apps' log lines go (with LOG_LEVEL in `env`). */
  logStream?: { write(line: string): void };
  /** The address the apps reach the database at, given its own (a proxy that can cut it, say). */
  connectThrough?(url: string): Promise<string>;
  /** Payment providers answering recorded responses (none by default: demo mode). */
  providers?: Providers;
}

export function useTestApps(count: number, env: Record<string, string> = {}, opts: TestAppOptions = {}): TestContext[] {
  const ctxs = Array.from({ length: count }, () => ({}) as TestContext);
  let dataDir = '';
  beforeAll(async () => {
    const adminUrl = inject('pgAdminUrl');
    const template = inject('pgTemplate');
    const name = `t_${template}_${randomBytes(4).toString('hex')}`;
    await ensureDatabase(adminUrl, name, template);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-data-'));
    const s3 = await s3Settings(name);
    const config = loadConfig({
      ...s3,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DEMO_DATA: 'off',
      NODE_ENV: 'test',
      ...env,
    });
    const databaseUrl = opts.connectThrough ? await opts.connectThrough(url.toString()) : url.toString();
    for (const ctx of ctxs) {
      ctx.config = config;
      ctx.database = connect(databaseUrl, null, 5);
      ctx.app = await buildApp({ config, database: ctx.database, webRoot: opts.webRoot ?? path.join(dataDir, 'no-web'), logStream: opts.logStream, providers: opts.providers });
      await ctx.app.ready();
    }
  });
  afterAll(async () => {
    for (const ctx of ctxs) {
      await ctx.app?.close();
      await ctx.database?.close();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return ctxs;
}

/**
 * Another instance started on a test's database with some settings changed, as a restart (or a new
 * instance beside the running one) would be: built and ready (its start-up work done), closed when
 * the test ends. Call it inside a test.
 */
export async function startAppOn(ctx: TestContext, settings: Partial<Config>, opts: Pick<TestAppOptions, 'logStream'> = {}): Promise<FastifyInstance> {
  const config = { ...ctx.config, ...settings };
  const app = await buildApp({ config, database: ctx.database, webRoot: path.join(config.DATA_DIR, 'no-web'), logStream: opts.logStream });
  onTestFinished(() => app.close());
  await app.ready();
  return app;
}

/** With TEST_STORAGE=s3 (tests/api/global-setup.ts): a bucket of the file's own and the settings that choose it. */
async function s3Settings(name: string): Promise<Record<string, string>> {
  const endpoint = inject('s3Endpoint');
  if (!endpoint) return {};
  const bucket = name.toLowerCase().replaceAll('_', '-').slice(0, 63);
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  };
}

/** Settings that keep an app's photos in its folder whatever TEST_STORAGE says (tests of the folder itself). */
export const LOCAL_STORAGE = { S3_ENDPOINT: '', S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', S3_PUBLIC_URL: '' };

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The session cookie's pair from a response (`sid=…`, or `__Host-sid=…` for an https app), for later requests. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export interface Member {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** Registers a new member (a distinct IP each time, so sign-up limits don't interfere). */
export async function registerMember(app: FastifyInstance, overrides: Partial<{ username: string; email: string; password: string }> = {}): Promise<Member> {
  const body = { username: 'Member', email: uniqueEmail(), password: 'secret123', ...overrides };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: `10.9.${counter % 250}.${(counter * 7) % 250}` });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  return { id: res.json().id, email: body.email, password: body.password, cookie: sessionCookie(res) };
}

export function as(cookie: string, opts: InjectOptions): InjectOptions {
  return { ...opts, headers: { ...(opts.headers ?? {}), cookie } };
}

/**
 * Opens the pool's connections (all but one, for the bus's publishes) before requests are sent at
 * once, so they run at once, as on a warm server, rather than each after a connection is made.
 */
export async function warmPool(ctx: Pick<TestContext, 'database'>): Promise<void> {
  const clients = await Promise.all(Array.from({ length: (ctx.database.pool.options.max ?? 10) - 1 }, () => ctx.database.pool.connect()));
  for (const client of clients) client.release();
}

/**
 * Waits until a query on the test's database waits for a lock (a row, a transaction; an advisory
 * lock with `advisory`; with `waiters`, until that many wait for locks of any kind), polling for up
 * to `timeoutMs` (2 s) or until `over()`; whether one did. For tests that hold a lock open and must
 * let another transaction reach it before they let go.
 */
export async function lockWaited(
  ctx: Pick<TestContext, 'database'>,
  opts: { advisory?: boolean; waiters?: number; timeoutMs?: number; over?: () => boolean } = {},
): Promise<boolean> {
  for (let i = 0; i < (opts.timeoutMs ?? 2000) / 20 && !opts.over?.(); i++) {
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND ($2 OR (wait_event = 'advisory') = $1)`,
      [opts.advisory ?? false, opts.waiters !== undefined],
    );
    if (rows[0]!.n >= (opts.waiters ?? 1)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

let heldWrites = 0;

/**
 * Two requests that meet mid-way: every `when` write on `table` waits (a trigger, for a lock the
 * test holds) until `first` has reached one and `second` waits for a lock, then both go on. Their
 * answers.
 */
export async function metMidway<A, B>(
  ctx: Pick<TestContext, 'database'>,
  { table, when }: { table: string; when: `${'BEFORE' | 'AFTER'} ${'INSERT' | 'UPDATE' | 'DELETE'}` },
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const { pool } = ctx.database;
  heldWrites += 1;
  const key = 4300 + heldWrites;
  const name = `held_write_${heldWrites}`;
  const holder = await pool.connect();
  await holder.query(`SELECT pg_advisory_lock(${key})`);
  await pool.query(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_lock_shared(${key}); PERFORM pg_advisory_unlock_shared(${key}); RETURN COALESCE(NEW, OLD); END $$`,
  );
  await pool.query(`CREATE TRIGGER ${name} ${when} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  let held = true;
  // Each request's failure is reported once, by the Promise.all below or the error that ends the
  // wait first, never again as an unhandled rejection while the wait goes on.
  const watched = <T,>(request: Promise<T>) => (void request.catch(() => {}), request);
  try {
    let firstAnswered = false;
    const one = watched(first().finally(() => (firstAnswered = true)));
    // Up to 15 s each: a request that processes a photo first may take seconds on a busy machine.
    if (!(await lockWaited(ctx, { advisory: true, timeoutMs: 15_000, over: () => firstAnswered }))) {
      throw new Error(`the first request ${firstAnswered ? 'answered without writing' : 'never wrote'} to ${table}`);
    }
    let answered = false;
    const two = watched(second().finally(() => (answered = true)));
    // The first waits at the trigger; the second for a lock of any kind (a row's, or the first's
    // advisory lock), unless it answers without one (refused while the first is under way).
    await lockWaited(ctx, { waiters: 2, timeoutMs: 10_000, over: () => answered });
    await holder.query(`SELECT pg_advisory_unlock(${key})`);
    held = false;
    return await Promise.all([one, two]);
  } finally {
    // Let a request held at the trigger go before this connection returns to the pool: the pool
    // hands it to the DROP below, which would wait for that request's lock on the table while the
    // request waits for this session's advisory lock (a deadlock hiding the first error).
    // If even that fails, the connection is closed instead, which ends its session and its lock.
    const unlocked = held ? await holder.query(`SELECT pg_advisory_unlock(${key})`).then(() => null, (err: Error) => err) : null;
    holder.release(unlocked ?? undefined);
    await pool.query(`DROP TRIGGER ${name} ON ${table}`);
    await pool.query(`DROP FUNCTION ${name}()`);
  }
}

/**
 * Runs `statement` in a transaction held open until the request `start` sends waits for it (a
 * lock), then commits it: the request met the change while it was being written. The answer.
 */
export async function whileCommitting<T>(ctx: Pick<TestContext, 'database'>, statement: string, params: unknown[], start: () => Promise<T>): Promise<T> {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(statement, params);
    const answer = start();
    await lockWaited(ctx);
    await client.query('COMMIT');
    return await answer;
  } finally {
    client.release();
  }
}
