import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as schema from './schema/index';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';
import { NoDatabaseError } from './no-database';
import type { StopTimes } from './postmaster';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction of `Db`: what a write that must commit with others takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * Connections that keep a session (docs/decisions/0085): the event bus's LISTEN, the advisory
   * locks of the migrations and the jobs. `pool` itself, unless DATABASE_DIRECT_URL names a
   * direct connection to PostgreSQL beside a DATABASE_URL through a transaction pooler (PgBouncer),
   * which would hand each statement to any server connection.
   */
  sessionPool: pg.Pool;
  /** Whether the app started its own PostgreSQL. */
  embedded: boolean;
  /** Ends the pool (waiting at most POOL_END_MS for its clients), then stops the embedded PostgreSQL, if any. */
  close(times?: StopTimes): Promise<void>;
}

// Return BIGINT counts as numbers (they stay far below 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Each connection's work_mem: a search index scan that finds many posts keeps its bitmap exact up
 * to about a million of them, rather than going lossy and recomputing the search keys of every
 * row of a page it rechecks (docs/decisions/0071). Sorts and hashes may use as much each.
 */
const WORK_MEM = '64MB';

/**
 * No parallel workers for the app's queries (docs/decisions/0089): a web server runs many short
 * queries at once, so a query's workers take cores from the others, and starting and gathering
 * them costs more than they save. Measured at 1M posts on 2 cores, 10 requests under way: a
 * search within 10 miles went from 29 to 52 req/s (p95 481 to 270 ms), its map from 43 to 82.
 */
const SESSION_OPTIONS = `-c work_mem=${WORK_MEM} -c max_parallel_workers_per_gather=0`;

/**
 * How long a query waits for a connection (a new one, or a turn when all are busy) before it fails
 * as unavailable (503): a server that does not answer at all must not hold requests forever.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** A pool whose server is gone may wait on its clients; shutting down does not. */
const POOL_END_MS = 1_000;

function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: SESSION_OPTIONS,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  // A client checked out of the pool (a transaction between two statements) has no listener of
  // the pool's: its connection lost then (the server killed or restarted) would be an uncaught
  // 'error' event, ending the process. The query under way fails with the error, the next one
  // with "not queryable" (both answer 503), and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * A pool of `max` connections to `url`; with `directUrl` (DATABASE_DIRECT_URL) a small second
 * pool there for what needs a session: a job and the migrations hold a lock each at most.
 */
export function connect(url: string, embedded: EmbeddedServer | null = null, max = 20, directUrl?: string): Database {
  const pool = newPool(url, max);
  const sessionPool = directUrl ? newPool(directUrl, 4) : pool;
  const end = (p: pg.Pool) => Promise.race([p.end(), sleep(POOL_END_MS, undefined, { ref: false })]);
  return {
    db: drizzle(pool, { schema }),
    pool,
    sessionPool,
    embedded: embedded !== null,
    async close(times) {
      await Promise.all([end(pool), sessionPool === pool ? null : end(sessionPool)]);
      await embedded?.stop(times);
    },
  };
}

/**
 * DATABASE_URL (and DATABASE_DIRECT_URL) when set; otherwise the embedded server in DATA_DIR/pg,
 * database `app`, both created on first use, unless `mustExist` (the maintenance commands, which
 * refuse with NoDatabaseError a DATA_DIR the app never ran in rather than create one).
 */
export async function openDatabase(
  opts: { databaseUrl?: string; databaseDirectUrl?: string; dataDir: string; mustExist?: boolean },
  log?: { info(msg: string): void; warn(msg: string): void },
): Promise<Database> {
  if (opts.databaseUrl) return connect(opts.databaseUrl, null, undefined, opts.databaseDirectUrl);
  const server = await startEmbeddedPostgres(opts.dataDir, log, { mustExist: opts.mustExist });
  try {
    if (opts.mustExist && !(await hasDatabase(server.adminUrl, 'app'))) throw new NoDatabaseError(path.resolve(opts.dataDir));
    await ensureDatabase(server.adminUrl, 'app');
  } catch (err) {
    await server.stop();
    throw err;
  }
  return connect(server.url('app'), server);
}

/** Whether the server behind `adminUrl` has a database `name`. */
async function hasDatabase(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Creates `name` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`);
    }
  } finally {
    await client.end();
  }
}
