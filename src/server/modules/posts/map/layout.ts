import { and, type SQL } from 'drizzle-orm';
import type { LatLng } from '../../../../domain/geo';
import { MAP_POINT_LIMIT, MAP_POINTS_ZOOM, gridLevel, type Grid } from '../../../../domain/map';
import type { PostFilters } from '../../../../domain/posts';
import { countsCanAnswer } from '../cells';
import { countInCircle, reachOf, type CircleCounts } from '../circle/counts';
import type { CoverOf } from '../circle/cover';
import { filterConditions } from '../filters';
import { cellKeys, cellsNarrow, keysCondition } from '../search';
import { MAP_CELLS_MAX_ZOOM, type CellCount, type MapRepository } from './repository';
import { wordCellsMayAnswer, wordCircleSource, type WordCellsRepository } from './word-cells';

/**
 * What a map view shows, before it is presented to one actor: the cell counts, and the ids of the
 * posts shown one by one (every post when `allPoints`, else those alone in their cell).
 */
export interface Layout {
  cells: CellCount[];
  /** Some counts of a busy circle's rim were estimated (docs/decisions/0072). */
  estimated: boolean;
  allPoints: boolean;
  /** With allPoints: the posts, newest first. */
  pointIds: string[];
  /** Otherwise: the post alone in a cell, by cell key. */
  single: Map<string, string>;
}

export const cellKey = (c: { cx: number; cy: number }) => `${c.cx}:${c.cy}`;
export const countOf = (cells: readonly CellCount[]) => cells.reduce((total, c) => total + c.n, 0);

export interface LayoutDeps {
  map: MapRepository;
  words: WordCellsRepository;
  coverOf: CoverOf;
  /** How many posts match `f`'s filters but its words and distance, anywhere. */
  everywhere: (f: PostFilters, origin: LatLng) => Promise<number>;
}

/**
 * The conditions of posts matching `f` in `grid`: `where`, with a search the search index's too
 * (its words, and the grid's cells when they are worth reading: cellsNarrow), for queries that
 * read many posts; `exact`, the filters alone, for a probe that finds one post by its point.
 */
async function conditionsIn(
  deps: LayoutDeps,
  grid: Grid,
  f: PostFilters,
  origin: LatLng,
): Promise<{ where: SQL | undefined; exact: SQL | undefined }> {
  const exact = filterConditions(f, origin);
  if (!f.q) return { where: exact, exact };
  const words = keysCondition(f)!;
  const cells = cellKeys(grid);
  if (cells.length === 0) return { where: and(words, exact), exact };
  const inCells = keysCondition(f, cells)!;
  const [alone, within, everywhere] = await Promise.all([
    deps.map.expected(words),
    deps.map.expected(inCells),
    deps.everywhere(f, origin),
  ]);
  return { where: and(cellsNarrow(alone, within, everywhere) ? inCells : words, exact), exact };
}

/**
 * Cell counts: from map_cells when it can answer; for a distance without a search, from the
 * map_cells of the circle (countInCircle); else from the posts themselves (a search through its index).
 */
async function countIn(
  deps: LayoutDeps,
  grid: Grid,
  f: PostFilters,
  origin: LatLng,
  where: SQL | undefined,
): Promise<{ cells: CellCount[]; estimated: boolean }> {
  const kept = grid.level <= gridLevel(MAP_CELLS_MAX_ZOOM);
  if (kept && countsCanAnswer(f)) return { cells: await deps.map.cellsFromTable(grid, f), estimated: false };
  const { distance } = f;
  if (kept && !f.q && distance !== 'all') return countInCircle(deps, grid, { ...f, distance }, origin);
  return {
    cells: await deps.map.cellsFromPosts(grid, where, Boolean(f.q)),
    estimated: false,
  };
}

/**
 * The counts of a search for one `word` (word_cells, docs/decisions/0095): the grid's rows, or with
 * a distance the circle's, read as map_cells' are (countInCircle) with its rim no finer than word_cells'.
 */
async function countWord(
  deps: LayoutDeps,
  grid: Grid,
  f: PostFilters,
  origin: LatLng,
  word: string,
): Promise<CircleCounts> {
  const { distance } = f;
  if (distance === 'all')
    return { cells: await deps.words.cellsInGrid(grid, word, f.type), estimated: false };
  const source = wordCircleSource(deps.words, word, f.type);
  return countInCircle({ map: deps.map, coverOf: deps.coverOf, source }, grid, { ...f, distance }, origin);
}

/**
 * The posts matching `f` in the grid counted per cell, with the conditions that find them
 * (conditionsIn). A search for one word that word_cells can answer is counted there; its posts
 * are then found by the filters alone (`where` is `exact`): only the cells counted with one post
 * are looked up, each by its point (idsInCells).
 */
async function countsIn(
  deps: LayoutDeps,
  grid: Grid,
  f: PostFilters,
  origin: LatLng,
): Promise<CircleCounts & { where: SQL | undefined; exact: SQL | undefined }> {
  const word = wordCellsMayAnswer(grid, f) ? await deps.words.soleWord(f.q!) : null;
  if (word) {
    const exact = filterConditions(f, origin);
    return { where: exact, exact, ...(await countWord(deps, grid, f, origin, word)) };
  }
  const { where, exact } = await conditionsIn(deps, grid, f, origin);
  return { where, exact, ...(await countIn(deps, grid, f, origin, where)) };
}

/** The posts matching `f` in the grid, counted per cell (with a distance, where the circle reaches). */
export async function countCells(
  deps: LayoutDeps,
  grid: Grid,
  f: PostFilters,
  origin: LatLng,
): Promise<CellCount[]> {
  const reach = reachOf(deps.coverOf, grid, f, origin);
  return reach ? (await countsIn(deps, reach, f, origin)).cells : [];
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
  const grid = reachOf(deps.coverOf, view, f, origin);
  if (!grid) return { cells: [], estimated: false, allPoints: true, pointIds: [], single: new Map() };
  const { where, exact, cells, estimated } = await countsIn(deps, grid, f, origin);
  if (grid.level >= gridLevel(MAP_POINTS_ZOOM) && countOf(cells) <= MAP_POINT_LIMIT) {
    const ids = await deps.map.idsInGrid(grid, where, MAP_POINT_LIMIT + 1, Boolean(f.q));
    // More than the limit means posts arrived since the count: cluster them after all.
    if (ids.length <= MAP_POINT_LIMIT)
      return { cells, estimated, allPoints: true, pointIds: ids, single: new Map() };
  }
  const singles = cells.filter((c) => c.n === 1).slice(0, MAP_POINT_LIMIT);
  const single = await deps.map.idsInCells(grid.level, singles, where, exact, Boolean(f.q));
  return { cells, estimated, allPoints: false, pointIds: [], single };
}
