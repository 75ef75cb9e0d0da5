import type pg from 'pg';
import { demoPosts } from './generate';
import { insertPosts } from './insert';

/** The app_settings row that remembers the demo set was offered (docs/decisions/0033). */
export const DEMO_SETTING = 'demo_data';

export type DemoOutcome = 'loaded' | 'not-empty' | 'done-before';

/**
 * Loads the demo set the first time an app starts on a database without posts, and never again:
 * the app_settings row stays when the posts are deleted, so an emptied database stays empty.
 * A database that already has posts is marked too and gets none. An advisory lock keeps two
 * instances starting together from loading it twice.
 */
export async function loadDemoDataOnce(pool: pg.Pool, now = new Date()): Promise<DemoOutcome> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('app_settings:${DEMO_SETTING}'))`);
    const claimed = await client.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, 'checking') ON CONFLICT (key) DO NOTHING RETURNING key`,
      [DEMO_SETTING],
    );
    if (claimed.rowCount === 0) {
      await client.query('COMMIT');
      return 'done-before';
    }
    const { rowCount } = await client.query('SELECT 1 FROM posts LIMIT 1');
    const outcome: DemoOutcome = rowCount ? 'not-empty' : 'loaded';
    if (outcome === 'loaded') await insertPosts(client, demoPosts(now));
    await client.query(`UPDATE app_settings SET value = $2, updated_at = now() WHERE key = $1`, [
      DEMO_SETTING,
      outcome,
    ]);
    await client.query('COMMIT');
    return outcome;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
