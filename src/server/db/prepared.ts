import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** Builds the statements' text as drizzle's `db.execute` does (the same dialect, no casing). */
const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement (docs/decisions/0090), named by `label` and its
 * text, so each connection parses and plans it once and PostgreSQL may keep a generic plan; an
 * unnamed statement is parsed and planned on every call, which on the hot paths costs as much as
 * running it. Only for statements whose best plan does not depend on their values (no search
 * words): a generic plan chosen from the first calls would otherwise serve every later value.
 * Rows come back as `db.execute` returns them.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Db | Tx,
  label: string,
  query: SQL,
): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(label, built.sql), false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}

/** A statement's name: its label, and a digest of its text (a name must always mean the same text). */
const nameOf = (label: string, text: string) =>
  `${label}_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
