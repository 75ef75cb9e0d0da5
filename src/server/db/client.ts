import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Whether the app started its own PostgreSQL. */
  embedded: boolean;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

// Return BIGINT counts as numbers (they stay far below 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Each connection's work_mem: a search index scan that finds many posts keeps its bitmap exact up
 * to about a million of them, rather than going lossy and recomputing the search keys of every
 * row of a page it rechecks (docs/decisions/0071). Sorts and hashes may use as much each.
 */
const WORK_MEM = '64MB';

export function connect(url: string, embedded: EmbeddedServer | null = null, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, options: `-c work_mem=${WORK_MEM}` });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  return {
    db: drizzle(pool, { schema }),
    pool,
    embedded: embedded !== null,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}

/** DATABASE_URL when set; otherwise the embedded server in DATA_DIR/pg, database `app`. */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string },
  log?: { info(msg: string): void; warn(msg: string): void },
): Promise<Database> {
  if (opts.databaseUrl) return connect(opts.databaseUrl);
  const server = await startEmbeddedPostgres(opts.dataDir, log);
  try {
    await ensureDatabase(server.adminUrl, 'app');
  } catch (err) {
    await server.stop();
    throw err;
  }
  return connect(server.url('app'), server);
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

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS });
}
