import { and, between, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { cellBounds, gridBounds, type Bbox, type Grid } from '../../../domain/map';
import { POST_TYPES, type PostFilters } from '../../../domain/posts';
import type { Db } from '../../db/client';
import { mapCells, posts } from '../../db/schema/index';

/** map_cells holds grid levels 2..18, that is zooms 0..16 (migration 0004). */
export const MAP_CELLS_MAX_ZOOM = 16;

/** The posts of one grid cell: their number and mean public point. */
export interface CellCount {
  cx: number;
  cy: number;
  n: number;
  lat: number;
  lng: number;
}

/** Bits of map_cells.amount (SQL post_amount_mask). */
const AMOUNT_BITS = { small: 1, medium: 2, large: 4 } as const;
/** map_cells grains: per type only, and all posts (see the schema). */
const GRAIN = { detail: 0, type: 7, all: 15 } as const;

/** Whether map_cells can answer these filters: a search or a distance needs the posts themselves. */
export const cellsCanAnswer = (f: PostFilters) => !f.q && f.distance === 'all';

/** A degree is about 111 km: this margin only keeps floating-point edges inside the index box. */
const EDGE = 1e-9;

const cellX = (level: number) => sql`map_cell_x(${posts.publicLongitude}, ${level}::int)`;
const cellY = (level: number) => sql`map_cell_y(${posts.publicLatitude}, ${level}::int)`;
const inBox = (b: Bbox) =>
  sql`point(${posts.publicLongitude}, ${posts.publicLatitude}) <@ box(point(${b.west - EDGE}::float8, ${b.south - EDGE}::float8), point(${b.east + EDGE}::float8, ${b.north + EDGE}::float8))`;

/**
 * Posts whose public point lies in the grid's cells: the GiST index on the point finds the box,
 * the cell functions (the same as map_cells') decide the edges exactly.
 */
function inGrid(g: Grid): SQL {
  return sql`${posts.publicLatitude} IS NOT NULL AND ${inBox(gridBounds(g))}
    AND ${cellX(g.level)} BETWEEN ${g.x0}::int AND ${g.x1}::int AND ${cellY(g.level)} BETWEEN ${g.y0}::int AND ${g.y1}::int`;
}

export function createMapRepository(db: Db) {
  return {
    /** Cell counts from map_cells, for filters it can answer and levels it keeps. */
    async cellsFromTable(g: Grid, f: PostFilters): Promise<CellCount[]> {
      const detailed = f.status !== 'all' || f.region !== 'all' || f.amount !== 'all';
      const grain = detailed ? GRAIN.detail : f.type ? GRAIN.type : GRAIN.all;
      return db
        .select({
          cx: mapCells.cx,
          cy: mapCells.cy,
          n: sql<number>`sum(${mapCells.n})::int`,
          lat: sql<number>`sum(${mapCells.sumLat}) / sum(${mapCells.n})`,
          lng: sql<number>`sum(${mapCells.sumLng}) / sum(${mapCells.n})`,
        })
        .from(mapCells)
        .where(
          and(
            eq(mapCells.level, g.level),
            eq(mapCells.grain, grain),
            between(mapCells.cx, g.x0, g.x1),
            between(mapCells.cy, g.y0, g.y1),
            sql`${mapCells.n} > 0`,
            // Always a condition on type, so the key (level, grain, type, cx, …) narrows to cx.
            grain === GRAIN.all
              ? isNull(mapCells.type)
              : f.type
                ? eq(mapCells.type, f.type)
                : inArray(mapCells.type, [...POST_TYPES]),
            f.status !== 'all' ? eq(mapCells.status, f.status) : undefined,
            f.region !== 'all' ? eq(mapCells.region, f.region) : undefined,
            f.amount !== 'all'
              ? sql`${mapCells.amount} & ${AMOUNT_BITS[f.amount]}::smallint <> 0`
              : undefined,
          ),
        )
        .groupBy(mapCells.cx, mapCells.cy);
    },

    /** Cell counts straight from posts, for any filter `where` (small boxes, searches, distances). */
    async cellsFromPosts(g: Grid, where: SQL | undefined): Promise<CellCount[]> {
      const cx = cellX(g.level);
      const cy = cellY(g.level);
      return db
        .select({
          cx: sql<number>`${cx}`.as('cx'),
          cy: sql<number>`${cy}`.as('cy'),
          n: sql<number>`count(*)::int`,
          lat: sql<number>`avg(${posts.publicLatitude})`,
          lng: sql<number>`avg(${posts.publicLongitude})`,
        })
        .from(posts)
        .where(and(where, inGrid(g)))
        .groupBy(sql`1`, sql`2`);
    },

    /** Ids of the newest `limit` posts in the grid's cells. */
    async idsInGrid(g: Grid, where: SQL | undefined, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(where, inGrid(g)))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The newest post of each given cell (cells whose post is gone are left out). */
    async idsInCells(
      level: number,
      cells: readonly { cx: number; cy: number }[],
      where: SQL | undefined,
    ): Promise<Map<string, string>> {
      if (cells.length === 0) return new Map();
      const bounds = cells.map((c) => cellBounds(level, c.cx, c.cy));
      const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
      const result = await db.execute<{ cx: number; cy: number; id: string }>(sql`
        SELECT c.cx, c.cy, p.id
        FROM unnest(${column(
          cells.map((c) => c.cx),
          'int',
        )}, ${column(
          cells.map((c) => c.cy),
          'int',
        )},
                    ${column(
                      bounds.map((b) => b.west - EDGE),
                      'float8',
                    )}, ${column(
                      bounds.map((b) => b.south - EDGE),
                      'float8',
                    )},
                    ${column(
                      bounds.map((b) => b.east + EDGE),
                      'float8',
                    )}, ${column(
                      bounds.map((b) => b.north + EDGE),
                      'float8',
                    )})
          AS c(cx, cy, w, s, e, n)
        CROSS JOIN LATERAL (
          SELECT ${posts.id} FROM ${posts}
          WHERE ${and(where, sql`${posts.publicLatitude} IS NOT NULL`)}
            AND point(${posts.publicLongitude}, ${posts.publicLatitude}) <@ box(point(c.w, c.s), point(c.e, c.n))
            AND ${cellX(level)} = c.cx AND ${cellY(level)} = c.cy
          ORDER BY ${posts.createdAt} DESC, ${posts.id} DESC
          LIMIT 1
        ) AS p`);
      return new Map(result.rows.map((r) => [`${r.cx}:${r.cy}`, r.id]));
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
