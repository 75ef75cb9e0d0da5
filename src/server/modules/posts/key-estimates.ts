import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import type { IndexKeys } from './search';

/**
 * How many posts the planner expects a search index condition to select, worked out in the app
 * from the index's statistics as PostgreSQL works it out (docs/decisions/0101): the same figure
 * as `EXPLAIN`, without a statement planned for it on every search.
 */

/** PostgreSQL's selectivity of a key it knows nothing of (DEFAULT_TS_MATCH_SEL, ts_selfuncs.c). */
const DEFAULT_KEY_SHARE = 0.005;
/** How long statistics are used before they are read again (ANALYZE changes them, now and then). */
const STATS_MAX_AGE_MS = 60_000;
/** The search index, whose expression's statistics ANALYZE keeps (migration 0022). */
const SEARCH_INDEX = 'posts_search_keys_idx';

/** The statistics the planner reads for the search index's keys. */
export interface KeyStats {
  /** The share of posts holding each of the keys ANALYZE found commonest. */
  shares: Map<string, number>;
  /** The lowest of those shares: a key not among them is taken at half of it (at most DEFAULT_KEY_SHARE). */
  minShare: number;
  nullShare: number;
  /** The rows the planner counts in posts: its last count, scaled to the table's size now. */
  rows: number;
}

/**
 * The planner's estimate of the posts holding a key of every group (ts_selfuncs.c,
 * tsquery_opr_selec for keys without prefix or weight: a key's share, one minus the product of
 * the others for "or", the product for "and"), rounded as it rounds rows.
 */
export function estimateRows(stats: KeyStats, groups: readonly (readonly string[])[]): number {
  const shareOf = (key: string) => stats.shares.get(key) ?? Math.min(DEFAULT_KEY_SHARE, stats.minShare / 2);
  let share = 1;
  for (const group of groups) {
    let any = 0;
    for (const key of group) {
      const s = shareOf(key);
      any = any + s - any * s;
    }
    share *= any;
  }
  const rows = share * (1 - stats.nullShare) * stats.rows;
  return rows <= 1 ? 1 : Math.round(rows);
}

/** How many posts the planner expects `condition` to select, asked of it (`EXPLAIN`: no row is read). */
export async function explainRows(db: Db, condition: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${posts} WHERE ${condition}`,
  );
  return result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

type StatsRow = {
  keys: string[] | null;
  shares: number[] | null;
  null_share: number | null;
  reltuples: number;
  relpages: number;
  pages: number;
};

/** The search index's statistics, or null when the planner has none to estimate from (never analysed). */
export async function readKeyStats(db: Db): Promise<KeyStats | null> {
  const { rows } = await db.execute<StatsRow>(sql`
    SELECT s.most_common_elems::text::text[] AS keys, s.most_common_elem_freqs AS shares,
      s.null_frac AS null_share, c.reltuples, c.relpages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
    FROM pg_class c
    LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = ${SEARCH_INDEX}
    WHERE c.oid = ${getTableName(posts)}::regclass`);
  const row = rows[0];
  // The planner's own test: a share for each key, then the lowest and the highest.
  if (!row?.keys || !row.shares || row.shares.length !== row.keys.length + 2) return null;
  if (row.reltuples < 0 || row.relpages <= 0) return null;
  return {
    shares: new Map(row.keys.map((key, i) => [key, row.shares![i]!])),
    minShare: row.shares[row.keys.length]!,
    nullShare: row.null_share ?? 0,
    rows: Math.round((row.reltuples / row.relpages) * row.pages),
  };
}

/**
 * The estimates of one database: from its statistics, read at the first search and again when a
 * minute old (meanwhile the older ones answer); asked of the planner for a condition whose keys
 * the app cannot name (IndexKeys.groups null) or while there are no statistics.
 */
export function createKeyEstimates(db: Db, now: () => number = Date.now) {
  let kept: { stats: KeyStats | null; at: number } | null = null;
  let reading: Promise<void> | null = null;
  const read = () =>
    (reading ??= readKeyStats(db)
      .then((stats) => {
        kept = { stats, at: now() };
      })
      .finally(() => {
        reading = null;
      }));

  return {
    async expected(keys: IndexKeys): Promise<number> {
      if (!kept) await read().catch(() => {});
      else if (now() - kept.at > STATS_MAX_AGE_MS) read().catch(() => {});
      const stats = kept?.stats;
      return stats && keys.groups ? estimateRows(stats, keys.groups) : explainRows(db, keys.getSQL());
    },
  };
}

export type KeyEstimates = ReturnType<typeof createKeyEstimates>;
