import { and, or } from 'drizzle-orm';
import type { LatLng } from '../../../../domain/geo';
import { cellBounds, gridOf, type Bbox } from '../../../../domain/map';
import { DISTANCE_MILES } from '../../../../domain/posts';
import { WORD_CELLS_LEVEL } from '../../../db/schema/index';
import type { CircleFilters } from '../circle/counts';
import { cellsOfNearest, nearCells, totalWithin, type NearCell } from '../circle/nearest-cells';
import type { Cursor } from '../cursor';
import { pointInBox } from '../cells';
import { knnMiles } from '../filters';
import type { NearKeys } from '../paging';
import type { WordCellsRepository } from '../map/word-cells';
import { KEYED_LEVEL, circleBoxes, keysCondition, keysOfCells } from '../search';
import type { Total } from '../totals/totals';

/** A search for one kept word within a distance, read around its origin from word_cells (docs/decisions/0096). */
export interface NearWord {
  /**
   * The search index's condition for a page after `after`: the word, in the keyed cells that hold
   * the cells of its `wanted` nearest posts (`whole` when they are all the circle's); false when no
   * post of the word is in the circle; null when no single kept word is the search (it is then
   * read as any search is).
   */
  keys(wanted: number, after: Cursor | null): Promise<NearKeys | false | null>;
  /** The word's posts in the circle (exact when no cell across its edge holds one, else estimated); null without a kept word. */
  total(): Promise<Total | null>;
}

/**
 * From this many more matches in the keyed cells than in the cells that hold the page's (a word
 * gathered in part of a keyed cell), the page's cells are asked of the point index instead, its
 * boxes ANDed with the word's matches: the bitmaps cost about 1.5 ms more than the keyed cells'
 * (measured at 1M posts), a match read from the heap about 2.2 µs.
 */
const BOXES_FROM = 1000;

/** The cells as boxes, each run of neighbours in a row as one. */
function boxesOf(cells: readonly NearCell[]): Bbox[] {
  const sorted = [...cells].sort((a, b) => a.cy - b.cy || a.cx - b.cx);
  const boxes: Bbox[] = [];
  let run: { first: NearCell; last: NearCell } | null = null;
  for (const c of [...sorted, null]) {
    if (run && c && c.cy === run.last.cy && c.cx === run.last.cx + 1) {
      run.last = c;
      continue;
    }
    if (run) {
      const first = cellBounds(run.first.level, run.first.cx, run.first.cy);
      const last = cellBounds(run.last.level, run.last.cx, run.last.cy);
      boxes.push({ ...first, east: last.east });
    }
    run = c && { first: c, last: c };
  }
  return boxes;
}

/** The keyed cell (KEYED_LEVEL) that holds a cell. */
const keyedCell = (c: NearCell) => ({ cx: c.cx >> (c.level - KEYED_LEVEL), cy: c.cy >> (c.level - KEYED_LEVEL) });
const idOf = (c: { cx: number; cy: number }) => `${c.cx}:${c.cy}`;

/**
 * The word_cells reading of a search within a distance, when the counts kept per word may answer
 * it: no filter but the type (they are kept per type only). Else null. Whether one kept word is
 * the search (soleWord), and the word's cells in the circle's box (two boxes across the antimeridian),
 * are read once, when first asked.
 * `boxesFrom`: BOXES_FROM, changed only to test both readings.
 */
export function nearWord(
  words: WordCellsRepository,
  query: CircleFilters,
  origin: LatLng,
  boxesFrom = BOXES_FROM,
): NearWord | null {
  const { q } = query;
  if (!q || query.status !== 'all' || query.region !== 'all' || query.amount !== 'all') return null;
  const miles = DISTANCE_MILES[query.distance];
  let cells: Promise<NearCell[] | null> | undefined;
  const load = () =>
    (cells ??= words.soleWord(q).then(async (word) => {
      if (!word) return null;
      const grids = circleBoxes(origin, miles).map((box) => gridOf(box, WORD_CELLS_LEVEL - 2));
      const found = await Promise.all(grids.map((g) => words.cellsInGrid(g, word, query.type)));
      return nearCells(origin, WORD_CELLS_LEVEL, found.flat());
    }));
  return {
    async keys(wanted, after) {
      const found = await load();
      if (!found) return null;
      const afterMiles = after?.sort === 'nearest' ? knnMiles(after.distance) : null;
      const { cells: holding, whole } = cellsOfNearest(found, wanted, miles, afterMiles);
      if (holding.length === 0) return false;
      const keyed = new Map(holding.map(keyedCell).map((k) => [idOf(k), k]));
      const inKeyed = found.reduce((n, c) => (keyed.has(idOf(keyedCell(c))) ? n + c.n : n), 0);
      const inHolding = holding.reduce((n, c) => n + c.n, 0);
      if (inKeyed - inHolding >= boxesFrom) {
        const word = keysCondition(query);
        return word ? { keys: and(word, or(...boxesOf(holding).map((b) => pointInBox(b))))!, whole } : null;
      }
      const keys = keysCondition(query, keysOfCells([...keyed.values()]));
      return keys ? { keys, whole } : null;
    },
    async total() {
      const found = await load();
      return found && totalWithin(found, origin, miles);
    },
  };
}
