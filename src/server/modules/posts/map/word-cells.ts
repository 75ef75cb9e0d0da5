import { sql, type SQL } from 'drizzle-orm';
import type { Grid } from '../../../../domain/map';
import { DISTANCE_MILES, POST_TYPES, type PostFilters } from '../../../../domain/posts';
import { TOTAL_RIM_COARSER, type CircleSource } from '../circle/counts';
import { rimLevelFor } from '../circle/cover';
import type { Db } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { WORD_CELLS_LEVEL, wordCells } from '../../../db/schema/index';
import type { CellRef } from '../cells';
import type { CellCount, CellSum, RimSum } from './repository';

/**
 * Whether word_cells (docs/decisions/0095) may answer the counts of `f` on `grid`: a search with no
 * filter but the type (its rows are per type only), on a grid no finer than its cells; with a
 * distance, when its cells are at most TOTAL_RIM_COARSER levels coarser than the rim the map would
 * read (10 and 5 miles; not 1 mile, whose circle holds few posts and would be mostly rim). Whether
 * the search is one word that one kept word begins with is asked of the database (soleWord).
 */
export function wordCellsMayAnswer(grid: Grid, f: PostFilters): boolean {
  if (!f.q || f.status !== 'all' || f.region !== 'all' || f.amount !== 'all' || grid.level > WORD_CELLS_LEVEL)
    return false;
  return (
    f.distance === 'all' ||
    rimLevelFor(DISTANCE_MILES[f.distance], grid.level) - WORD_CELLS_LEVEL <= TOTAL_RIM_COARSER
  );
}

/** A range of cells at any level no finer than word_cells', as the same range at its level. */
function atWordLevel(r: Grid): Grid {
  const shift = WORD_CELLS_LEVEL - r.level;
  return {
    level: WORD_CELLS_LEVEL,
    x0: r.x0 << shift,
    x1: ((r.x1 + 1) << shift) - 1,
    y0: r.y0 << shift,
    y1: ((r.y1 + 1) << shift) - 1,
  };
}

/** The smallest range at word_cells' level that holds every one of `ranges`. */
function boxOf(ranges: readonly Grid[]): Grid {
  const at = ranges.map(atWordLevel);
  return {
    level: WORD_CELLS_LEVEL,
    x0: Math.min(...at.map((r) => r.x0)),
    x1: Math.max(...at.map((r) => r.x1)),
    y0: Math.min(...at.map((r) => r.y0)),
    y1: Math.max(...at.map((r) => r.y1)),
  };
}

/** A cell's key, one number: a level's cells number fewer than 2^(2 × level) ≤ 2^30, so levels never mix. */
const key = (level: number, cx: number, cy: number) => level * 2 ** 30 + cx * 2 ** level + cy;
const typesOf = (type: PostFilters['type']) =>
  sql`${sql.param(type ? [type] : [...POST_TYPES])}::post_type[]`;

export function createWordCellsRepository(db: Db) {
  /**
   * The sums of `word`'s rows (in `type`, or any) in the range `g` (at any level no finer than
   * word_cells'), by the cell of `level` that holds them: one scan of the key's range for the word.
   */
  function sumsIn(g: Grid, level: number, word: string, type: PostFilters['type']): Promise<CellSum[]> {
    const box = atWordLevel(g);
    const shift = WORD_CELLS_LEVEL - level;
    return executePrepared<CellSum>(
      db,
      'word_cells_sums',
      sql`
      SELECT ${wordCells.cx} >> ${shift}::int AS cx, ${wordCells.cy} >> ${shift}::int AS cy, sum(${wordCells.n})::int AS n,
        sum(${wordCells.sumLat}) AS "sumLat", sum(${wordCells.sumLng}) AS "sumLng"
      FROM ${wordCells}
      WHERE ${wordCells.word} = ${word} AND ${wordCells.type} = ANY(${typesOf(type)})
        AND ${wordCells.cx} BETWEEN ${box.x0}::int AND ${box.x1}::int AND ${wordCells.cy} BETWEEN ${box.y0}::int AND ${box.y1}::int
        AND ${wordCells.n} > 0
      GROUP BY 1, 2`,
    );
  }

  return {
    /**
     * The kept word that a search for `q` matches, when `q` is one word and exactly one kept word
     * begins with what it asks for (a search matches the posts with a word beginning with it: with
     * two such words, a post holding both would be counted twice); else null. Words are kept cut
     * (search_word: 'apples' under 'apple', once per post), so a search whose beginning a word
     * can lose to the cut ('peache', of 'peaches' kept as 'peach') is not answered from them
     * (search_word_keeps, migration 0034). Two probes of the key.
     */
    async soleWord(q: string): Promise<string | null> {
      // Each probe reads the key from a point on (the first word at or after the search, then the
      // first after that word), and says whether what it found begins with the search.
      const next = (after: SQL) =>
        sql`(SELECT ${wordCells.word} FROM ${wordCells} WHERE ${wordCells.word} ${after} AND ${wordCells.n} > 0 ORDER BY ${wordCells.word} LIMIT 1)`;
      // Prepared: its plan (two probes of the key) is the same whatever the search.
      const rows = await executePrepared<{ word: string; another: boolean | null }>(db, 'word_cells_sole', sql`
        WITH q AS (
          SELECT min(search_word(u.lexeme)) AS p, count(*) AS words FROM unnest(to_tsvector('simple', ${q})) AS u, unnest(u.positions) AS at
        ), first AS (
          SELECT q.p, ${next(sql`>= q.p`)} AS word FROM q WHERE q.words = 1 AND search_word_keeps(q.p)
        )
        SELECT first.word, starts_with(${next(sql`> first.word`)}, first.p) AS another
        FROM first WHERE starts_with(first.word, first.p)`);
      const [row] = rows;
      return row && !row.another ? row.word : null;
    },

    /** The counts of `word`'s posts (in `type`, or any) per cell of the grid (no finer than word_cells'). */
    async cellsInGrid(g: Grid, word: string, type: PostFilters['type']): Promise<CellCount[]> {
      const sums = await sumsIn(g, g.level, word, type);
      return sums.map(({ cx, cy, n, sumLat, sumLng }) => ({ cx, cy, n, lat: sumLat / n, lng: sumLng / n }));
    },

    /**
     * For a circle's counts (circle/counts.ts), as map_cells' circleSums: `inside`, the sums in
     * `ranges` by the cell of `level` that holds them; `rim`, each cell of `rim` with its sums
     * (zero when it has none). The ranges and rim cells do not overlap and are no finer than
     * word_cells' level: its rows in their box are read in one scan, each then put where it lies.
     */
    async circleSums(
      ranges: readonly Grid[],
      level: number,
      rim: readonly CellRef[],
      word: string,
      type: PostFilters['type'],
    ): Promise<{ inside: CellSum[]; rim: RimSum[] }> {
      const rimSums: RimSum[] = rim.map((cell) => ({ cell, n: 0, sumLat: 0, sumLng: 0 }));
      const all = [
        ...ranges,
        ...rim.map((c) => ({ level: c.level, x0: c.cx, x1: c.cx, y0: c.cy, y1: c.cy })),
      ];
      if (all.length === 0) return { inside: [], rim: rimSums };
      // Each range's cells (at its level), and each rim cell, by key: a row lies in the one that holds it.
      const inRange = new Set<number>();
      for (const r of ranges)
        for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) inRange.add(key(r.level, x, y));
      const inRim = new Map(rimSums.map((s) => [key(s.cell.level, s.cell.cx, s.cell.cy), s]));
      // No range or rim cell is coarser than this: a row not found down to it lies outside.
      const coarsest = Math.min(...all.map((r) => r.level));
      /** The rim cell that holds a cell of word_cells, 'inside' for a range, or null (outside). */
      const holderOf = (cx: number, cy: number): RimSum | 'inside' | null => {
        for (let at = WORD_CELLS_LEVEL; at >= coarsest; at--) {
          const shift = WORD_CELLS_LEVEL - at;
          const k = key(at, cx >> shift, cy >> shift);
          const rimSum = inRim.get(k);
          if (rimSum) return rimSum;
          if (inRange.has(k)) return 'inside';
        }
        return null;
      };
      const toGrid = WORD_CELLS_LEVEL - level;
      const inside: CellSum[] = [];
      for (const row of await sumsIn(boxOf(all), WORD_CELLS_LEVEL, word, type)) {
        const holder = holderOf(row.cx, row.cy);
        if (holder === 'inside') inside.push({ ...row, cx: row.cx >> toGrid, cy: row.cy >> toGrid });
        else if (holder) {
          holder.n += row.n;
          holder.sumLat += row.sumLat;
          holder.sumLng += row.sumLng;
        }
      }
      return { inside, rim: rimSums };
    },
  };
}

export type WordCellsRepository = ReturnType<typeof createWordCellsRepository>;

/**
 * Up to how many of a word's posts in a circle's rim cells are measured one by one. Measuring reads
 * every post of each rim cell that holds one (all words: 100-400 a cell in Toronto at 1M posts),
 * so a word's rim is measured only when it holds a few posts, as a rare word's does; a common
 * word's is estimated (docs/decisions/0095).
 */
export const WORD_RIM_EXACT_MAX = 25;

/** The kept counts of one word (in `type`, or any) as the source of a circle's counts (circle/counts.ts). */
export const wordCircleSource = (
  words: WordCellsRepository,
  word: string,
  type: PostFilters['type'],
): CircleSource => ({
  maxLevel: WORD_CELLS_LEVEL,
  rimExactMax: WORD_RIM_EXACT_MAX,
  circleSums: (ranges, level, rim) => words.circleSums(ranges, level, rim, word, type),
});
