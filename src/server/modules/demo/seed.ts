import type pg from 'pg';
import { postBatches } from './generate';
import { insertPosts } from './insert';

export interface SeedOptions {
  count: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

/** At or above this many posts, the map cells are recounted once at the end instead of per batch. */
export const BULK_FROM = 20_000;

/**
 * Adds `count` generated load-test posts (is_demo = false) in one transaction, so an interrupted
 * seed leaves nothing half done (docs/decisions/0032). A bulk load (at least BULK_FROM posts, and
 * at least as many as the table holds, by a superuser) switches the session's triggers off and
 * rebuilds map_cells, post_counts, area_days and word_cells once, and drops the secondary indexes of posts and builds them again at the
 * end (three times faster; the table is locked meanwhile). Otherwise the triggers and indexes
 * work batch by batch.
 */
export async function seedPosts(
  pool: pg.Pool,
  opts: SeedOptions,
): Promise<{ inserted: number; bulk: boolean }> {
  const client = await pool.connect();
  let inserted = 0;
  try {
    await client.query('BEGIN');
    const bulk =
      opts.count >= BULK_FROM && (await isSuperuser(client)) && opts.count >= (await postCount(client));
    const indexes = bulk ? await dropSecondaryIndexes(client) : [];
    const batches = postBatches(opts.count, {
      seed: opts.seed ?? 1,
      now: opts.now ?? new Date(),
      batchSize: opts.batchSize ?? 5000,
    });
    for (const batch of batches) {
      inserted += await insertPosts(client, batch);
      opts.onProgress?.(inserted);
    }
    if (bulk) {
      await client.query("SET LOCAL maintenance_work_mem = '512MB'");
      for (const statement of indexes) await client.query(statement);
      await client.query('SET LOCAL session_replication_role = origin');
      await client.query('SELECT map_cells_rebuild()');
      await client.query('SELECT post_counts_rebuild()');
      await client.query('SELECT area_days_rebuild()');
      await client.query('SELECT word_cells_rebuild()');
    }
    await client.query('COMMIT');
    await client.query('ANALYZE posts');
    await client.query('ANALYZE map_cells');
    await client.query('ANALYZE word_cells');
    return { inserted, bulk };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function postCount(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
  return rows[0]?.n ?? 0;
}

/**
 * Drops every index of posts but the primary key; returns the statements that build them again,
 * with the statistics targets set on their columns (migration 0022: a rebuilt index otherwise
 * keeps the default, and the planner's estimates of a search fall back to guesses).
 */
export async function dropSecondaryIndexes(client: pg.PoolClient): Promise<string[]> {
  await client.query('SET LOCAL session_replication_role = replica');
  const { rows } = await client.query<{ name: string; definition: string; targets: string[] }>(
    `SELECT i.indexname AS name, i.indexdef AS definition,
            array(SELECT format('ALTER INDEX %I ALTER COLUMN %s SET STATISTICS %s', i.indexname, a.attnum, a.attstattarget)
                  FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attstattarget > 0 ORDER BY a.attnum) AS targets
     FROM pg_indexes i
     JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.schemaname = current_schema() AND i.tablename = 'posts' AND NOT x.indisprimary AND NOT x.indisunique`,
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${pgIdent(name)}`);
  return rows.flatMap((r) => [r.definition, ...r.targets]);
}

const pgIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function isSuperuser(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ su: boolean }>(
    'SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user',
  );
  return rows[0]?.su === true;
}
