import type { LatLng } from '../../../../domain/geo';
import type { Grid } from '../../../../domain/map';
import { DISTANCE_MILES, type PostFilters } from '../../../../domain/posts';
import { inCircleMatching, type CellRef } from '../cells';
import { filterConditions } from '../filters';
import { coverOf } from '../totals/circle-cover';
import type { CellCount, CellSum, MapRepository } from './repository';

/**
 * The rim of the circle's cover: map_cells' finest level, as for the list's totals (so both use
 * one cover per origin and radius), and never coarser than a grid this path serves. So a rim cell
 * lies wholly in one grid cell, in the view or out of it, and its posts are placed by their rim
 * cell rather than one by one.
 */
const RIM_LEVEL = 18;

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
export function reachOf(grid: Grid, f: PostFilters, origin: LatLng): Grid | null {
  if (f.distance === 'all') return grid;
  const cover = coverOf(origin, DISTANCE_MILES[f.distance], RIM_LEVEL);
  if (!cover) return grid;
  let reach: Grid | null = null;
  for (const c of [...cover.inside, ...cover.rim]) {
    const s = spanIn(grid, c);
    if (!s) continue;
    reach = reach
      ? { level: grid.level, x0: Math.min(reach.x0, s.x0), x1: Math.max(reach.x1, s.x1), y0: Math.min(reach.y0, s.y0), y1: Math.max(reach.y1, s.y1) }
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
    const seen = byCell.get(key) ?? { cx: s.cx, cy: s.cy, n: 0, sumLat: 0, sumLng: 0 };
    byCell.set(key, {
      ...seen,
      n: seen.n + s.n,
      sumLat: seen.sumLat + s.sumLat,
      sumLng: seen.sumLng + s.sumLng,
    });
  }
  return [...byCell.values()]
    .filter((s) => s.n > 0)
    .map((s) => ({ cx: s.cx, cy: s.cy, n: s.n, lat: s.sumLat / s.n, lng: s.sumLng / s.n }));
}

/**
 * Cell counts of a distance filter without a search (docs/decisions/0030), as the list's total
 * counts it (0022): the cover's cells wholly inside the circle from map_cells, its rim cells post
 * by post with the exact haversine; only the cover cells in the grid are read. For grids at the
 * levels map_cells keeps (up to RIM_LEVEL).
 */
export async function cellsInCircle(
  map: MapRepository,
  grid: Grid,
  f: PostFilters & { distance: Exclude<PostFilters['distance'], 'all'> },
  origin: LatLng,
): Promise<CellCount[]> {
  const miles = DISTANCE_MILES[f.distance];
  const cover = coverOf(origin, miles, RIM_LEVEL);
  if (!cover) return map.cellsFromPosts(grid, filterConditions(f, origin)); // near a pole: few posts
  const rim = cover.rim.filter((c) => spanIn(grid, c) !== null);
  const [inside, edge] = await Promise.all([
    map.sumsInRanges(insideReads(grid, cover.inside), grid.level, f),
    map.sumsOfPostsInCells(rim, grid.level, inCircleMatching(f, origin, miles)),
  ]);
  return countsOfSums([...inside, ...edge]);
}
