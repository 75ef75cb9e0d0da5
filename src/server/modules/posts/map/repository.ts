import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import { gridBounds, type Grid } from '../../../../domain/map';
import type { PostFilters } from '../../../../domain/posts';
import type { Db } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { createKeyEstimates, type KeyEstimates } from '../key-estimates';
import { mapCells, posts } from '../../../db/schema/index';
import {
  cellRowsMatching,
  cellX,
  cellY,
  cellRefsTable,
  cellsTable,
  atListedSpot,
  inListedCell,
  pointInBox,
  postsInListedCells,
  rangesTable,
  type CellRef,
} from '../cells';

/** map_cells holds grid levels 2..18, that is zooms 0..16 (migration 0004). */
export const MAP_CELLS_MAX_ZOOM = 16;

/** The posts of one grid cell: their number and mean public point. */
export type CellCount = {
  cx: number;
  cy: number;
  n: number;
  lat: number;
  lng: number;
};

/** A rim cell of a circle with the sums of its kept counts. */
export interface RimSum {
  cell: CellRef;
  n: number;
  sumLat: number;
  sumLng: number;
}

/** Sums of the posts of one grid cell, to add up before the mean is taken. */
export type CellSum = {
  cx: number;
  cy: number;
  n: number;
  sumLat: number;
  sumLng: number;
};

/**
 * Posts whose public point lies in the grid's cells: the GiST index on the point finds the box
 * (unless `indexed` is false: a search's index narrows them), the cell functions (the same as
 * map_cells') decide the edges exactly.
 */
function inGrid(g: Grid, indexed: boolean): SQL {
  return sql`${posts.publicLatitude} IS NOT NULL AND ${pointInBox(gridBounds(g), indexed)}
    AND ${cellX(g.level)} BETWEEN ${g.x0}::int AND ${g.x1}::int AND ${cellY(g.level)} BETWEEN ${g.y0}::int AND ${g.y1}::int`;
}

export function createMapRepository(db: Db, estimates: KeyEstimates = createKeyEstimates(db)) {
  return {
    /** How many posts the planner expects a search index condition to select (no row is read). */
    expected: estimates.expected,

    /** Cell counts from map_cells, for filters it can answer and levels it keeps. */
    async cellsFromTable(g: Grid, f: PostFilters): Promise<CellCount[]> {
      return executePrepared<CellCount>(db, 'map_cells', sql`
        SELECT ${mapCells.cx} AS cx, ${mapCells.cy} AS cy, sum(${mapCells.n})::int AS n,
          sum(${mapCells.sumLat}) / sum(${mapCells.n}) AS lat, sum(${mapCells.sumLng}) / sum(${mapCells.n}) AS lng
        FROM ${mapCells}
        WHERE ${and(
          eq(mapCells.level, g.level),
          between(mapCells.cx, g.x0, g.x1),
          between(mapCells.cy, g.y0, g.y1),
          sql`${mapCells.n} > 0`,
          cellRowsMatching(f),
        )}
        GROUP BY 1, 2`);
    },

    /**
     * Cell counts straight from posts, for any filter `where` (small boxes, searches, distances);
     * `searched` when `where` holds the search index's condition (inGrid's box then unindexed).
     */
    async cellsFromPosts(g: Grid, where: SQL | undefined, searched = false): Promise<CellCount[]> {
      const result = await db.execute<CellCount>(sql`
        SELECT ${cellX(g.level)} AS cx, ${cellY(g.level)} AS cy, count(*)::int AS n,
          avg(${posts.publicLatitude}) AS lat, avg(${posts.publicLongitude}) AS lng
        FROM ${posts}
        WHERE ${and(where, inGrid(g, !searched))}
        GROUP BY 1, 2`);
      return result.rows;
    },

    /**
     * For a circle's counts, in one statement: `inside`, the sums of the map_cells rows matching
     * `f` in `ranges` (each at a level no coarser than `level`) by the cell at `level` that holds
     * them, summed per range first, which keeps the planner to one index scan per range (a join
     * would read the level's every row); `rim`, each cell of `rim` with the sums of its map_cells
     * rows matching `f` (zero when it has none).
     */
    async circleSums(
      ranges: readonly Grid[],
      level: number,
      rim: readonly CellRef[],
      f: PostFilters,
    ): Promise<{ inside: CellSum[]; rim: RimSum[] }> {
      const rows = await executePrepared<CellSum & { level: number | null }>(db, 'circle_sums', sql`
        SELECT NULL::int AS level, m.cx >> (r.level - ${level}::int) AS cx, m.cy >> (r.level - ${level}::int) AS cy,
          sum(m.n)::int AS n, sum(m.sum_lat) AS "sumLat", sum(m.sum_lng) AS "sumLng"
        FROM ${rangesTable(ranges)}
        CROSS JOIN LATERAL (
          SELECT ${mapCells.cx} AS cx, ${mapCells.cy} AS cy, sum(${mapCells.n}) AS n,
            sum(${mapCells.sumLat}) AS sum_lat, sum(${mapCells.sumLng}) AS sum_lng
          FROM ${mapCells}
          WHERE ${mapCells.level} = r.level AND ${mapCells.cx} BETWEEN r.x0 AND r.x1
            AND ${mapCells.cy} BETWEEN r.y0 AND r.y1 AND ${cellRowsMatching(f)}
          GROUP BY 1, 2
        ) AS m
        GROUP BY 2, 3
        UNION ALL
        SELECT c.level, c.cx, c.cy, coalesce(sum(${mapCells.n}), 0)::int,
          coalesce(sum(${mapCells.sumLat}), 0), coalesce(sum(${mapCells.sumLng}), 0)
        FROM ${cellRefsTable(rim)}
        LEFT JOIN ${mapCells} ON ${mapCells.level} = c.level AND ${mapCells.cx} = c.cx AND ${mapCells.cy} = c.cy AND ${cellRowsMatching(f)}
        GROUP BY 1, 2, 3`);
      const inside: CellSum[] = [];
      const rimSums: RimSum[] = [];
      for (const { level: at, cx, cy, n, sumLat, sumLng } of rows) {
        if (at === null) inside.push({ cx, cy, n, sumLat, sumLng });
        else rimSums.push({ cell: { level: at, cx, cy }, n, sumLat, sumLng });
      }
      return { inside, rim: rimSums };
    },

    /**
     * Sums of the posts matching `where` in `cells` (each at a level no coarser than `level`), by
     * the cell at `level` that holds their cell.
     */
    async sumsOfPostsInCells(
      cells: readonly CellRef[],
      level: number,
      where: SQL | undefined,
    ): Promise<CellSum[]> {
      if (cells.length === 0) return [];
      const columns = sql`${posts.publicLatitude} AS lat, ${posts.publicLongitude} AS lng`;
      const result = await db.execute<CellSum>(sql`
        SELECT c.cx >> (c.level - ${level}::int) AS cx, c.cy >> (c.level - ${level}::int) AS cy,
          count(*)::int AS n, sum(p.lat) AS "sumLat", sum(p.lng) AS "sumLng"
        FROM ${postsInListedCells(cells, where, columns)}
        GROUP BY 1, 2`);
      return result.rows;
    },

    /** Ids of the newest `limit` posts in the grid's cells. */
    async idsInGrid(g: Grid, where: SQL | undefined, limit: number, searched = false): Promise<string[]> {
      const query = sql`SELECT ${posts.id} AS id FROM ${posts} WHERE ${and(where, inGrid(g, !searched))}
        ORDER BY ${posts.createdAt} DESC, ${posts.id} DESC LIMIT ${limit}::int`;
      type Row = { id: string };
      const rows = searched ? (await db.execute<Row>(query)).rows : await executePrepared<Row>(db, 'map_points', query);
      return rows.map((r) => r.id);
    },

    /**
     * The newest post of each given cell (cells whose post is gone are left out). The cells are
     * those counted with one post: that post lies at the cell's mean point, so it is looked for
     * there first (one index probe, one row); where it is not (a count since changed, an
     * estimated cell), the cell's posts are read newest first. The probe checks `exact` (the
     * filters without a search's index condition, which `where` may hold): the planner would
     * otherwise AND the index's matches into each probe (86 ms a cell for a common word at 1M posts).
     * `searched`: the filters hold a search, so the statement is not kept prepared (its words
     * would be worked out again for every row of a generic plan).
     */
    async idsInCells(
      level: number,
      cells: readonly CellCount[],
      where: SQL | undefined,
      exact: SQL | undefined = where,
      searched = false,
    ): Promise<Map<string, string>> {
      if (cells.length === 0) return new Map();
      const newest = (condition: SQL | undefined, at: SQL) => sql`(SELECT ${posts.id} FROM ${posts}
          WHERE ${and(condition, at)} ORDER BY ${posts.createdAt} DESC, ${posts.id} DESC LIMIT 1)`;
      const query = sql`
        SELECT c.cx, c.cy, p.id
        FROM ${cellsTable(
          cells.map((c) => ({ level, cx: c.cx, cy: c.cy })),
          cells,
        )}
        CROSS JOIN LATERAL (${newest(exact, atListedSpot)} UNION ALL ${newest(where, inListedCell)} LIMIT 1) AS p`;
      type Row = { cx: number; cy: number; id: string };
      // A search has no plan that suits every word.
      const rows = searched ? (await db.execute<Row>(query)).rows : await executePrepared<Row>(db, 'map_singles', query);
      return new Map(rows.map((r) => [`${r.cx}:${r.cy}`, r.id]));
    },

    /** The grid cell of a post's public point at `level`, or null without one. */
    async cellOf(id: string, level: number): Promise<{ cx: number; cy: number } | null> {
      const [row] = await db
        .select({ cx: sql<number>`${cellX(level)}`, cy: sql<number>`${cellY(level)}` })
        .from(posts)
        .where(and(eq(posts.id, id), sql`${posts.publicLatitude} IS NOT NULL`));
      return row ?? null;
    },
  };
}

export type MapRepository = ReturnType<typeof createMapRepository>;
