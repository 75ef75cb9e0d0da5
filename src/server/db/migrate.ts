import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgErrorCode } from '../lib/pg-errors';
import * as schema from './schema/index';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** The extensions the schema needs (migration 0000); pg_trgm and cube are "trusted", earthdistance is not. */
export const REQUIRED_EXTENSIONS = ['pg_trgm', 'cube', 'earthdistance'] as const;

/** One number for every instance of the app on a database: who holds it migrates, the others wait. */
export const MIGRATION_LOCK = 7_210_521;

/** The one SQL line a superuser runs for the app, in its database. */
export const EXTENSIONS_SQL = REQUIRED_EXTENSIONS.map((name) => `CREATE EXTENSION IF NOT EXISTS ${name};`).join(' ');

/** The app's database role may not create an extension the schema needs (docs/decisions/0085). */
export class MissingExtensionsError extends Error {
  constructor(
    readonly missing: string[],
    database: string,
  ) {
    super(
      `The database role cannot create the PostgreSQL extensions this app needs (${missing.join(', ')}). ` +
        `Ask a superuser to run, in database "${database}": ${EXTENSIONS_SQL} Then start the app again.`,
    );
    this.name = 'MissingExtensionsError';
  }
}

/**
 * Applies the committed migrations under a session-level advisory lock (docs/decisions/0085):
 * instances started together on one database migrate once; the others wait for the lock, then
 * find nothing left to do. A role that may not create the needed extensions gets a
 * MissingExtensionsError naming them and the SQL a superuser runs, instead of a stack.
 */
export async function runMigrations(pool: pg.Pool, opts: { upTo?: number } = {}): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const folder = opts.upTo === undefined ? MIGRATIONS : firstMigrations(opts.upTo);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
    } catch (err) {
      throw await explainMigrationError(client, err);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((err: Error) => (broken = err));
    }
  } finally {
    client.release(broken);
    if (folder !== MIGRATIONS) rmSync(folder, { recursive: true, force: true });
  }
}

interface Journal {
  entries: Array<{ tag: string }>;
}

const readJournal = (): Journal => JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;

/** How many migrations this code has. */
export const migrationCount = (): number => readJournal().entries.length;

/** A temporary folder with the first `count` migrations only (a restore loads data at the level it was dumped at). */
function firstMigrations(count: number): string {
  const journal = readJournal();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, count);
  for (const { tag } of entries) copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A refused CREATE EXTENSION (insufficient privilege) as MissingExtensionsError; anything else as it is. */
async function explainMigrationError(client: pg.PoolClient, err: unknown): Promise<unknown> {
  const message = err instanceof Error ? `${err.message} ${err.cause instanceof Error ? err.cause.message : ''}` : '';
  if (pgErrorCode(err) !== '42501' || !/extension/i.test(message)) return err;
  const { rows } = await client.query<{ name: string; database: string }>(
    `SELECT wanted AS name, current_database() AS database FROM unnest($1::text[]) AS wanted
     WHERE NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = wanted)`,
    [REQUIRED_EXTENSIONS],
  );
  if (rows.length === 0) return err;
  return new MissingExtensionsError(
    rows.map((r) => r.name),
    rows[0]!.database,
  );
}
