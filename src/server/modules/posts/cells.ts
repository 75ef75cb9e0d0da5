import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LatLng } from '../../../domain/geo';
import { cellBounds, type Bbox, type Grid } from '../../../domain/map';
import { POST_TYPES, type PostFilters } from '../../../domain/posts';
import { mapCells, postCounts, posts } from '../../db/schema/index';
import { distanceMilesSql, filterConditions } from './filters';

/**
 * map_cells and post_counts: counts of posts kept by triggers on `posts` (migrations 0004, 0005),
 * read by the map's clusters and the list's totals. Their `amount` holds the amount words of a
 * post's quantity as bits (SQL post_amount_mask, AMOUNT_WORDS in domain/posts.ts).
 */
export const AMOUNT_BITS = { small: 1, medium: 2, large: 4 } as const;

/** map_cells grains: per type, status, region and amount; per type only; all posts (see the schema). */
const GRAIN = { detail: 0, type: 7, all: 15 } as const;

/** Whether the counts can answer these filters: a search or a distance needs the posts themselves. */
export const countsCanAnswer = (f: PostFilters) => !f.q && f.distance === 'all';

type Filters = Pick<PostFilters, 'type' | 'status' | 'region' | 'amount'>;

/**
 * The rows of map_cells (at any level and cell) that hold the posts matching `f`: the coarsest
 * grain that can tell them apart, always with a condition on type so the key (level, grain,
 * type, cx, …) narrows to the cell.
 */
export function cellRowsMatching(f: Filters): SQL | undefined {
  const detailed = f.status !== 'all' || f.region !== 'all' || f.amount !== 'all';
  const grain = detailed ? GRAIN.detail : f.type ? GRAIN.type : GRAIN.all;
  return and(
    eq(mapCells.grain, grain),
    grain === GRAIN.all
      ? isNull(mapCells.type)
      : f.type
        ? eq(mapCells.type, f.type)
        : inArray(mapCells.type, [...POST_TYPES]),
    f.status !== 'all' ? eq(mapCells.status, f.status) : undefined,
    f.region !== 'all' ? eq(mapCells.region, f.region) : undefined,
    f.amount !== 'all' ? sql`${mapCells.amount} & ${AMOUNT_BITS[f.amount]}::smallint <> 0` : undefined,
  );
}

/** The rows of post_counts that hold the posts matching `f`. */
export function countRowsMatching(f: Filters): SQL | undefined {
  return and(
    f.type ? eq(postCounts.type, f.type) : undefined,
    f.status !== 'all' ? eq(postCounts.status, f.status) : undefined,
    f.region !== 'all' ? eq(postCounts.region, f.region) : undefined,
    f.amount !== 'all' ? sql`${postCounts.amount} & ${AMOUNT_BITS[f.amount]}::smallint <> 0` : undefined,
  );
}

/** A cell of the map grid (map_cells keeps levels 2..18). */
export interface CellRef {
  level: number;
  cx: number;
  cy: number;
}

/** A degree is about 111 km: this margin only keeps floating-point edges inside the index box. */
const EDGE = 1e-9;

/** The grid cell of a post's public point (SQL map_cell_x/y, the same functions as map_cells'). */
export const cellX = (level: number) => sql`map_cell_x(${posts.publicLongitude}, ${level}::int)`;
export const cellY = (level: number) => sql`map_cell_y(${posts.publicLatitude}, ${level}::int)`;

/**
 * The public point lies in `b` (widened by EDGE): served by the GiST index on the point, or with
 * `indexed` false written so that no index serves it (`+ 0`), for a search whose index already
 * narrows the posts to the box's cells: the planner, guessing 1,000 rows for any box, would AND
 * in the point index's whole box (176 of 1,100 ms of a map search at 1M posts, auto_explain).
 */
export const pointInBox = (b: Bbox, indexed = true) =>
  sql`point(${posts.publicLongitude}${sql.raw(indexed ? '' : ' + 0')}, ${posts.publicLatitude}) <@ box(point(${b.west - EDGE}::float8, ${b.south - EDGE}::float8), point(${b.east + EDGE}::float8, ${b.north + EDGE}::float8))`;

const array = (values: number[], type: 'int' | 'float8') => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** A FROM item listing ranges of cells, one level each, as `r(level, x0, x1, y0, y1)`. */
export function rangesTable(ranges: readonly Grid[]): SQL {
  const [level, x0, x1, y0, y1] = (['level', 'x0', 'x1', 'y0', 'y1'] as const).map((k) =>
    array(
      ranges.map((r) => r[k]),
      'int',
    ),
  );
  return sql`unnest(${level}, ${x0}, ${x1}, ${y0}, ${y1}) AS r(level, x0, x1, y0, y1)`;
}

/** The cells' ids as columns: level, cx, cy. */
const refColumns = (cells: readonly CellRef[]) =>
  (['level', 'cx', 'cy'] as const).map((k) =>
    array(
      cells.map((c) => c[k]),
      'int',
    ),
  );

/** A FROM item listing cells by their ids alone, as `c(level, cx, cy)`. */
export const cellRefsTable = (cells: readonly CellRef[]): SQL =>
  sql`unnest(${sql.join(refColumns(cells), sql`, `)}) AS c(level, cx, cy)`;

/**
 * A FROM item listing cells and their bounds, as `c(level, cx, cy, w, s, e, n)`; with `spots`
 * (one point per cell), also the point as `c.lat, c.lng`.
 */
export function cellsTable(cells: readonly CellRef[], spots?: readonly LatLng[]): SQL {
  const bounds = cells.map((c) => cellBounds(c.level, c.cx, c.cy));
  const columns = [
    ...refColumns(cells),
    ...(['west', 'south', 'east', 'north'] as const).map((side) =>
      array(
        bounds.map((b) => b[side] + (side === 'west' || side === 'south' ? -EDGE : EDGE)),
        'float8',
      ),
    ),
    ...(['lat', 'lng'] as const).flatMap((k) =>
      spots
        ? [
            array(
              spots.map((p) => p[k]),
              'float8',
            ),
          ]
        : [],
    ),
  ];
  return sql`unnest(${sql.join(columns, sql`, `)}) AS c(level, cx, cy, w, s, e, n${sql.raw(spots ? ', lat, lng' : '')})`;
}

/**
 * A post's public point lies in `box` (found by the GiST index on the point) and in the cell `c`
 * of cellsTable (decided by the cell functions exactly as map_cells does, so no post is in two cells).
 */
const inListedCellWithin = (box: SQL) => sql`${posts.publicLatitude} IS NOT NULL
  AND point(${posts.publicLongitude}, ${posts.publicLatitude}) <@ ${box}
  AND map_cell_x(${posts.publicLongitude}, c.level) = c.cx AND map_cell_y(${posts.publicLatitude}, c.level) = c.cy`;

/** How far from a cell's spot (cellsTable) a post is looked for: a kept mean is exact to far better than this. */
const SPOT = 1e-7;

/**
 * A post lies at the spot of the cell `c` of cellsTable (within SPOT), and in the cell: for a cell
 * whose one post's point is its mean point, a probe of the point index that finds that post alone.
 */
export const atListedSpot = inListedCellWithin(
  sql`box(point(c.lng - ${SPOT}::float8, c.lat - ${SPOT}::float8), point(c.lng + ${SPOT}::float8, c.lat + ${SPOT}::float8))`,
);

/** A post lies in the cell `c` of cellsTable: the point index finds the cell's box. */
export const inListedCell = inListedCellWithin(sql`box(point(c.w, c.s), point(c.e, c.n))`);

/**
 * A FROM item: `columns` of the posts matching `where` in each cell of `cells`, looked up cell by
 * cell (a LATERAL probe of the point index each), as `p` beside the cell `c` of cellsTable.
 */
export function postsInListedCells(cells: readonly CellRef[], where: SQL | undefined, columns: SQL): SQL {
  return sql`${cellsTable(cells)}
    CROSS JOIN LATERAL (SELECT ${columns} FROM ${posts} WHERE ${and(where, inListedCell)}) AS p`;
}

/**
 * The posts matching `f` but its distance that lie within `miles` of `origin` by the list's
 * exact haversine: for the rim cells of a circle cover, whose boxes already narrow the search.
 */
export function inCircleMatching(f: PostFilters, origin: LatLng, miles: number): SQL | undefined {
  const within = sql`${distanceMilesSql(origin)} <= ${miles}::float8`;
  return and(filterConditions({ ...f, distance: 'all' }, origin), within);
}
