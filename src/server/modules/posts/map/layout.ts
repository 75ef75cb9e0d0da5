import type { LatLng } from '../../../../domain/geo';
import { MAP_POINT_LIMIT, MAP_POINTS_ZOOM, gridLevel, type Grid } from '../../../../domain/map';
import type { PostFilters } from '../../../../domain/posts';
import type { PostRow } from '../present';
import type { PostsRepository } from '../repository';
import { countsCanAnswer } from '../cells';
import { filterConditions } from '../filters';
import { cellsInCircle, reachOf } from './circle';
import { MAP_CELLS_MAX_ZOOM, type CellCount, type MapRepository } from './repository';

/**
 * What a map view shows, before it is presented to one viewer: the cell counts, and the rows of
 * the posts shown one by one (every post when `allPoints`, else those alone in their cell).
 */
export interface Layout {
  cells: CellCount[];
  allPoints: boolean;
  /** Post rows by id. */
  rows: Map<string, PostRow>;
  /** The post alone in a cell, by cell key. */
  single: Map<string, string>;
}

export const cellKey = (c: { cx: number; cy: number }) => `${c.cx}:${c.cy}`;
export const countOf = (cells: readonly CellCount[]) => cells.reduce((total, c) => total + c.n, 0);

export interface LayoutDeps {
  map: MapRepository;
  posts: Pick<PostsRepository, 'findByIds'>;
}

async function rowsById(deps: LayoutDeps, ids: string[]): Promise<Map<string, PostRow>> {
  return new Map((await deps.posts.findByIds(ids)).map((row) => [row.id, row]));
}

/**
 * Cell counts: from map_cells when it can answer; for a distance without a search, from the
 * map_cells inside the circle and the posts of its rim; else from the posts themselves.
 */
function countIn(deps: LayoutDeps, grid: Grid, f: PostFilters, origin: LatLng): Promise<CellCount[]> {
  const kept = grid.level <= gridLevel(MAP_CELLS_MAX_ZOOM);
  if (kept && countsCanAnswer(f)) return deps.map.cellsFromTable(grid, f);
  const { distance } = f;
  if (kept && !f.q && distance !== 'all') return cellsInCircle(deps.map, grid, { ...f, distance }, origin);
  return deps.map.cellsFromPosts(grid, filterConditions(f, origin));
}

/** The posts matching `f` in the grid, counted per cell (with a distance, where the circle reaches). */
export async function countCells(
  deps: LayoutDeps,
  grid: Grid,
  f: PostFilters,
  origin: LatLng,
): Promise<CellCount[]> {
  const reach = reachOf(grid, f, origin);
  return reach ? countIn(deps, reach, f, origin) : [];
}

/**
 * Clusters, with the posts alone in their cell (up to MAP_POINT_LIMIT) shown as themselves; at
 * street level (MAP_POINTS_ZOOM and closer) with few enough posts, all of them, newest first.
 */
export async function layoutOf(
  deps: LayoutDeps,
  view: Grid,
  f: PostFilters,
  origin: LatLng,
): Promise<Layout> {
  // Cells of the same level as the view's: only the posts' queries look at fewer of them.
  const grid = reachOf(view, f, origin);
  if (!grid) return { cells: [], allPoints: true, rows: new Map(), single: new Map() };
  const cells = await countIn(deps, grid, f, origin);
  const where = filterConditions(f, origin);
  if (grid.level >= gridLevel(MAP_POINTS_ZOOM) && countOf(cells) <= MAP_POINT_LIMIT) {
    const ids = await deps.map.idsInGrid(grid, where, MAP_POINT_LIMIT + 1);
    // More than the limit means posts arrived since the count: cluster them after all.
    if (ids.length <= MAP_POINT_LIMIT) {
      const rows = await rowsById(deps, ids);
      return {
        cells,
        allPoints: true,
        rows: new Map(ids.flatMap((id) => (rows.has(id) ? [[id, rows.get(id)!]] : []))),
        single: new Map(),
      };
    }
  }
  const singles = cells.filter((c) => c.n === 1).slice(0, MAP_POINT_LIMIT);
  const single = await deps.map.idsInCells(grid.level, singles, where);
  return { cells, allPoints: false, rows: await rowsById(deps, [...single.values()]), single };
}
