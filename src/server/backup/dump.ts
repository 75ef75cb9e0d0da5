import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { appTables, type TableInfo } from './tables';

export interface DumpedTable extends TableInfo {
  rows: number;
}

export interface Dump {
  /** How many migrations the database had (`drizzle.__drizzle_migrations`). */
  migrations: number;
  tables: DumpedTable[];
}

const fileOf = (dir: string, table: string) => path.join(dir, `${table}.copy`);
const columnList = (columns: string[]) => columns.map((c) => pg.escapeIdentifier(c)).join(', ');

/**
 * Writes every table of the app into `dir` (COPY text format, a file per table) from one
 * snapshot: a REPEATABLE READ, READ ONLY transaction, so the files agree with each other however
 * busy the app is meanwhile (docs/decisions/0085).
 */
export async function dumpTables(client: pg.ClientBase, dir: string): Promise<Dump> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const migrations = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n;
    const tables: DumpedTable[] = [];
    for (const table of await appTables(client)) {
      const name = pg.escapeIdentifier(table.name);
      const rows = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${name}`)).rows[0]!.n;
      await pipeline(client.query(copyTo(`COPY public.${name} (${columnList(table.columns)}) TO STDOUT`)), createWriteStream(fileOf(dir, table.name)));
      tables.push({ ...table, rows });
    }
    return { migrations, tables };
  } finally {
    await client.query('COMMIT');
  }
}

/**
 * Runs `work` in one transaction with the user triggers of `tables` off (what they derive, map
 * cells and counts, is dumped and loaded with the rest); foreign keys are checked as usual.
 */
async function withTriggersOff(client: pg.ClientBase, tables: string[], work: () => Promise<void>): Promise<void> {
  const names = tables.map((t) => `public.${pg.escapeIdentifier(t)}`);
  await client.query('BEGIN');
  try {
    for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
    await work();
    for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** Loads the files of `dumpTables` into empty tables of the same schema, parents first, in one transaction. */
export async function loadTables(client: pg.ClientBase, dir: string, tables: DumpedTable[]): Promise<void> {
  await withTriggersOff(
    client,
    tables.map((t) => t.name),
    async () => {
      for (const table of tables) {
        const copy = `COPY public.${pg.escapeIdentifier(table.name)} (${columnList(table.columns)}) FROM STDIN`;
        await pipeline(createReadStream(fileOf(dir, table.name)), client.query(copyFrom(copy)));
      }
    },
  );
}

/** Empties every table of the app's schema (restore --force). */
export async function emptyTables(client: pg.ClientBase): Promise<void> {
  const tables = (await appTables(client)).map((t) => t.name);
  if (tables.length === 0) return;
  await withTriggersOff(client, tables, async () => {
    await client.query(`TRUNCATE ${tables.map((t) => `public.${pg.escapeIdentifier(t)}`).join(', ')}`);
  });
}
