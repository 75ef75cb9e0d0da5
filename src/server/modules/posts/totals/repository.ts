import { count, sql, type SQL } from 'drizzle-orm';
import type { PostFilters } from '../../../../domain/posts';
import type { Db } from '../../../db/client';
import { mapCells, postCounts, posts } from '../../../db/schema/index';
import { cellRowsMatching, cellsTable, countRowsMatching, postsInListedCells, type CellRef } from '../cells';

type Filters = Pick<PostFilters, 'type' | 'status' | 'region' | 'amount'>;

/** Exact counts of posts (docs/decisions/0022): from the kept counts where they can answer, else from posts. */
export function createTotalsRepository(db: Db) {
  return {
    /** Posts matching `f` (no search, no distance), coordinates or not: a sum of a few post_counts rows. */
    async fromCounts(f: Filters): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${postCounts.n}), 0)::int` })
        .from(postCounts)
        .where(countRowsMatching(f));
      return row?.n ?? 0;
    },

    /** Posts matching `f` whose public point lies in one of `cells` (whole cells, from map_cells). */
    async inCells(cells: readonly CellRef[], f: Filters): Promise<number> {
      if (cells.length === 0) return 0;
      const result = await db.execute<{ n: number }>(sql`
        SELECT coalesce(sum(${mapCells.n}), 0)::int AS n
        FROM ${cellsTable(cells)}
        JOIN ${mapCells} ON ${mapCells.level} = c.level AND ${mapCells.cx} = c.cx AND ${mapCells.cy} = c.cy
        WHERE ${cellRowsMatching(f)}`);
      return result.rows[0]?.n ?? 0;
    },

    /** Posts matching `where` whose public point lies in one of `cells`, looked at one by one. */
    async inCellsMatching(cells: readonly CellRef[], where: SQL | undefined): Promise<number> {
      if (cells.length === 0) return 0;
      const result = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${postsInListedCells(cells, where, sql`1`)}`,
      );
      return result.rows[0]?.n ?? 0;
    },

    /** The posts matching `where`, counted up to `cap + 1` so a big search costs little. */
    async upTo(where: SQL | undefined, cap: number): Promise<number> {
      const capped = db.select({ one: sql`1` }).from(posts).where(where).limit(cap + 1).as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    },

    /** Every post matching `where`, however many: for searches, which only the posts can answer. */
    async all(where: SQL | undefined): Promise<number> {
      const [row] = await db.select({ n: count() }).from(posts).where(where);
      return row?.n ?? 0;
    },
  };
}

export type TotalsRepository = ReturnType<typeof createTotalsRepository>;
