import type { LatLng } from '../../../../domain/geo';
import type { Grid } from '../../../../domain/map';
import { DISTANCE_MILES, type PostFilters } from '../../../../domain/posts';
import { inCircleMatching, type CellRef } from '../cells';
import { filterConditions } from '../filters';
import type { CellCount, CellSum, MapRepository, RimSum } from '../map/repository';
import { rimLevelFor, shareInside, type CoverOf } from './cover';

/**
 * A list's total (the WORLD grid) reads its circle's rim this many levels coarser than the map
 * does (docs/decisions/0092): at 10 miles about 40 rim cells of 3.5 km rather than 150 of 900 m,
 * and a sixth of the inside cells. The total is shown to two significant figures when estimated,
 * and its estimate stays within about 1 % (shareInside weighs where a cell's posts are).
 */
export const TOTAL_RIM_COARSER = 2;

/** The rim level of a circle's cover for counts over `grid`: the map's, or a total's coarser one. */
export const rimLevelOf = (grid: Grid, miles: number): number =>
  grid.level === WORLD.level ? rimLevelFor(miles) - TOTAL_RIM_COARSER : rimLevelFor(miles, grid.level);

/** A distance filter: its radius is set. */
export type CircleFilters = PostFilters & { distance: Exclude<PostFilters['distance'], 'all'> };

/** The whole world as one cell: the grid of a list's total. */
export const WORLD: Grid = { level: 0, x0: 0, x1: 0, y0: 0, y1: 0 };

/**
 * Up to this many posts in the rim cells are measured one by one; more are estimated from the rim
 * cells' kept counts and the share of each cell inside the circle (docs/decisions/0072).
 */
export const RIM_EXACT_MAX = 500;

/** The cells of `grid` that the cell `c` overlaps (itself or its descendants), or null when none. */
export function spanIn(grid: Grid, c: CellRef): Grid | null {
  const shift = c.level - grid.level;
  const [x0, x1, y0, y1] =
    shift >= 0
      ? [c.cx >> shift, c.cx >> shift, c.cy >> shift, c.cy >> shift]
      : [c.cx << -shift, ((c.cx + 1) << -shift) - 1, c.cy << -shift, ((c.cy + 1) << -shift) - 1];
  const span = {
    level: grid.level,
    x0: Math.max(x0, grid.x0),
    x1: Math.min(x1, grid.x1),
    y0: Math.max(y0, grid.y0),
    y1: Math.min(y1, grid.y1),
  };
  return span.x0 <= span.x1 && span.y0 <= span.y1 ? span : null;
}

/**
 * The part of `grid` that a distance filter can reach: the smallest range of its cells that holds
 * every cell of the circle's cover found in it, or null when the circle misses the grid. Without
 * a distance, the grid itself. Queries of posts in the grid then ask the point index for a box no
 * bigger than the circle's.
 */
export function reachOf(coverOf: CoverOf, grid: Grid, f: PostFilters, origin: LatLng): Grid | null {
  if (f.distance === 'all') return grid;
  const miles = DISTANCE_MILES[f.distance];
  const cover = coverOf(origin, miles, rimLevelOf(grid, miles));
  if (!cover) return grid;
  let reach: Grid | null = null;
  for (const c of [...cover.inside, ...cover.rim]) {
    const s = spanIn(grid, c);
    if (!s) continue;
    reach = reach
      ? {
          level: grid.level,
          x0: Math.min(reach.x0, s.x0),
          x1: Math.max(reach.x1, s.x1),
          y0: Math.min(reach.y0, s.y0),
          y1: Math.max(reach.y1, s.y1),
        }
      : s;
  }
  return reach;
}

/**
 * What map_cells must be read for the inside cells of a cover, within the grid: a cell as fine as
 * the grid or finer is read as itself (it lies in one grid cell); a coarser one as the grid's
 * cells it holds.
 */
export function insideReads(grid: Grid, inside: readonly CellRef[]): Grid[] {
  return inside.flatMap((c) => {
    const span = spanIn(grid, c);
    if (!span) return [];
    return [c.level >= grid.level ? { level: c.level, x0: c.cx, x1: c.cx, y0: c.cy, y1: c.cy } : span];
  });
}

/** The sums of each grid cell added up, as counts with their mean point (empty cells left out). */
export function countsOfSums(sums: readonly CellSum[]): CellCount[] {
  const byCell = new Map<string, CellSum>();
  for (const s of sums) {
    const key = `${s.cx}:${s.cy}`;
    const seen = byCell.get(key);
    if (!seen) byCell.set(key, { cx: s.cx, cy: s.cy, n: s.n, sumLat: s.sumLat, sumLng: s.sumLng });
    else {
      seen.n += s.n;
      seen.sumLat += s.sumLat;
      seen.sumLng += s.sumLng;
    }
  }
  return [...byCell.values()]
    .filter((s) => s.n > 0)
    .map((s) => ({ cx: s.cx, cy: s.cy, n: s.n, lat: s.sumLat / s.n, lng: s.sumLng / s.n }));
}

/**
 * Where a circle's kept counts are read: map_cells (by default), or the counts of one word
 * (word_cells, docs/decisions/0095), which keeps cells no finer than `maxLevel`.
 */
export interface CircleSource {
  maxLevel: number;
  /** Up to how many posts in the rim cells are measured one by one (RIM_EXACT_MAX by default). */
  rimExactMax?: number;
  circleSums(
    ranges: readonly Grid[],
    level: number,
    rim: readonly CellRef[],
    f: PostFilters,
  ): Promise<{ inside: CellSum[]; rim: RimSum[] }>;
}

/** What counting a circle reads: the posts themselves (`map`), the covers, and the kept counts (`source`, else map_cells). */
export interface CircleDeps {
  map: MapRepository;
  coverOf: CoverOf;
  source?: CircleSource;
}

/** map_cells keeps levels up to 18. */
const MAP_CELLS_SOURCE_MAX = 18;

/** The posts of a circle per grid cell, and whether some were estimated rather than counted. */
export interface CircleCounts {
  cells: CellCount[];
  estimated: boolean;
}

/**
 * How a circle's rim is counted: `shown`, post by post where it holds few posts (a figure people
 * read); `estimated`, always from the rim cells' kept counts (a figure only weighed, such as a
 * search's walk's scope: docs/decisions/0104).
 */
export type RimCount = 'shown' | 'estimated';

/**
 * The posts matching a distance filter without a search, per cell of `grid` (docs/decisions/0030,
 * 0072), for the map's clusters and (over WORLD) the list's total: the cover's cells wholly inside
 * the circle summed from map_cells; its rim cells in the grid counted post by post with the list's
 * exact haversine when they hold few posts (RIM_EXACT_MAX) and the count is `shown`, else
 * estimated from their kept counts and the share of each inside the circle. A total's rim is
 * coarser (TOTAL_RIM_COARSER): when it holds too many posts to count but a finer rim might not,
 * the finer one is read (docs/decisions/0092).
 */
export function countInCircle(
  deps: CircleDeps,
  grid: Grid,
  f: CircleFilters,
  origin: LatLng,
  rimCount: RimCount = 'shown',
): Promise<CircleCounts> {
  return countWithRim(deps, grid, f, origin, rimLevelOf(grid, DISTANCE_MILES[f.distance]), rimCount);
}

async function countWithRim(
  deps: CircleDeps,
  grid: Grid,
  f: CircleFilters,
  origin: LatLng,
  finest: number,
  rimCount: RimCount,
): Promise<CircleCounts> {
  const miles = DISTANCE_MILES[f.distance];
  const kept = deps.source ?? { maxLevel: MAP_CELLS_SOURCE_MAX, circleSums: deps.map.circleSums };
  const exactMax = kept.rimExactMax ?? RIM_EXACT_MAX;
  // The rim's cells are read from the kept counts: no finer than they are kept.
  const rimLevel = Math.min(finest, kept.maxLevel);
  const cover = deps.coverOf(origin, miles, rimLevel);
  // Near a pole: few posts, counted one by one.
  if (!cover)
    return { cells: await deps.map.cellsFromPosts(grid, filterConditions(f, origin)), estimated: false };
  const rim = cover.rim.filter((c) => spanIn(grid, c) !== null);
  const { inside, rim: rimCells } = await kept.circleSums(insideReads(grid, cover.inside), grid.level, rim, f);
  const toGrid = (c: CellRef) => ({ cx: c.cx >> (c.level - grid.level), cy: c.cy >> (c.level - grid.level) });
  const rimPosts = rimCells.reduce((n, c) => n + c.n, 0);
  if (rimCount === 'shown' && rimPosts <= exactMax) {
    const occupied = rimCells.filter((c) => c.n > 0).map((c) => c.cell);
    const edge = await deps.map.sumsOfPostsInCells(occupied, grid.level, inCircleMatching(f, origin, miles));
    return { cells: countsOfSums([...inside, ...edge]), estimated: false };
  }
  // Each level finer halves the rim's width, and about halves the posts in it.
  const finer = Math.min(rimLevelFor(miles, grid.level), kept.maxLevel);
  if (rimCount === 'shown' && rimLevel < finer && rimPosts <= exactMax * 2 ** (finer - rimLevel))
    return countWithRim(deps, grid, f, origin, finer, rimCount);
  const shares = rimCells.map(({ cell, n, sumLat, sumLng }) => {
    const share = n > 0 ? shareInside(origin, miles, cell, { lat: sumLat / n, lng: sumLng / n }) : 0;
    return { ...toGrid(cell), n: n * share, sumLat: sumLat * share, sumLng: sumLng * share };
  });
  const cells = countsOfSums([...inside, ...shares])
    .map((c) => ({ ...c, n: Math.round(c.n) }))
    .filter((c) => c.n > 0);
  return { cells, estimated: true };
}
