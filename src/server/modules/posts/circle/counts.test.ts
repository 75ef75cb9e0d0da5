import { describe, expect, it } from 'vitest';
import { cellBounds, gridOf, viewBox } from '../../../../domain/map';
import { PostFilters } from '../../../../domain/posts';
import type { CellRef } from '../cells';
import type { MapRepository } from '../map/repository';
import {
  TOTAL_RIM_COARSER,
  WORLD,
  countInCircle,
  countsOfSums,
  insideReads,
  reachOf,
  rimLevelOf,
  spanIn,
  type CircleSource,
} from './counts';
import { createCoverCache, rimLevelFor } from './cover';

const grid = { level: 10, x0: 100, x1: 103, y0: 200, y1: 201 };
const TORONTO = { lat: 43.6532, lng: -79.3832 };

describe('spanIn', () => {
  it('puts a finer cell in the grid cell that holds it, and nowhere outside the grid', () => {
    expect(spanIn(grid, { level: 12, cx: 101 * 4 + 3, cy: 200 * 4 })).toEqual({
      level: 10,
      x0: 101,
      x1: 101,
      y0: 200,
      y1: 200,
    });
    expect(spanIn(grid, { level: 12, cx: 104 * 4, cy: 200 * 4 })).toBeNull();
  });

  it('gives a coarser cell as the grid cells it holds, cut to the grid', () => {
    expect(spanIn(grid, { level: 8, cx: 25, cy: 50 })).toEqual({
      level: 10,
      x0: 100,
      x1: 103,
      y0: 200,
      y1: 201,
    });
    expect(spanIn(grid, { level: 9, cx: 51, cy: 100 })).toEqual({
      level: 10,
      x0: 102,
      x1: 103,
      y0: 200,
      y1: 201,
    });
    expect(spanIn(grid, { level: 9, cx: 52, cy: 100 })).toBeNull();
  });
});

describe('insideReads', () => {
  it('reads a finer cell as itself and a coarser one as the grid cells it holds', () => {
    expect(
      insideReads(grid, [
        { level: 11, cx: 201, cy: 401 },
        { level: 9, cx: 51, cy: 100 },
        { level: 11, cx: 0, cy: 0 },
      ]),
    ).toEqual([
      { level: 11, x0: 201, x1: 201, y0: 401, y1: 401 },
      { level: 10, x0: 102, x1: 103, y0: 200, y1: 201 },
    ]);
  });
});

describe('countsOfSums', () => {
  it('adds up the sums of a cell before taking its mean, and leaves empty cells out', () => {
    expect(
      countsOfSums([
        { cx: 1, cy: 2, n: 2, sumLat: 80, sumLng: -150 },
        { cx: 1, cy: 2, n: 2, sumLat: 88, sumLng: -160 },
        { cx: 3, cy: 4, n: 0, sumLat: 0, sumLng: 0 },
      ]),
    ).toEqual([{ cx: 1, cy: 2, n: 4, lat: 42, lng: -77.5 }]);
  });
});

describe('reachOf', () => {
  const coverOf = createCoverCache();
  const filters = (distance: string) => PostFilters.parse({ distance });

  it('is the grid itself without a distance, and nothing when the circle misses the grid', () => {
    const view = gridOf(viewBox(TORONTO, 12, 1280, 800), 12);
    expect(reachOf(coverOf, view, filters('all'), TORONTO)).toBe(view);
    expect(
      reachOf(
        coverOf,
        gridOf(viewBox({ lat: 45.42, lng: -75.7 }, 12, 1280, 800), 12),
        filters('10miles'),
        TORONTO,
      ),
    ).toBeNull();
  });

  it('narrows a wide view to the cells around the circle, at any zoom', () => {
    for (const zoom of [3, 9, 14, 20]) {
      const view = gridOf(viewBox(TORONTO, zoom, 1280, 800), zoom);
      const reach = reachOf(coverOf, view, filters('1mile'), TORONTO)!;
      const at = gridOf(
        { west: TORONTO.lng, east: TORONTO.lng + 1e-9, south: TORONTO.lat, north: TORONTO.lat + 1e-9 },
        zoom,
      );
      expect(reach.level).toBe(view.level);
      expect(reach.x0).toBeLessThanOrEqual(at.x0);
      expect(reach.x1).toBeGreaterThanOrEqual(at.x1);
      expect(reach.x0).toBeGreaterThanOrEqual(view.x0);
      expect(reach.x1).toBeLessThanOrEqual(view.x1);
      if (zoom === 9) expect(reach.x1 - reach.x0).toBeLessThan(view.x1 - view.x0);
    }
  });
});

describe('rimLevelOf', () => {
  it("reads a total's rim coarser than a map's, and a map's no coarser than its grid", () => {
    expect(rimLevelOf(WORLD, 10)).toBe(rimLevelFor(10) - TOTAL_RIM_COARSER);
    expect(rimLevelOf(WORLD, 10)).toBe(13);
    expect(rimLevelOf(gridOf(viewBox(TORONTO, 12, 1280, 800), 12), 10)).toBe(rimLevelFor(10));
    expect(rimLevelOf({ ...grid, level: 17 }, 10)).toBe(17);
  });
});

describe('countInCircle with a source of its own', () => {
  const view = gridOf(viewBox(TORONTO, 12, 1280, 800), 12);
  const f = { ...PostFilters.parse({ q: 'kindling' }), distance: '10miles' } as const;
  /** Each rim cell holding `perCell` posts at its centre; `rimLevels` records the level asked. */
  const sourceWith = (perCell: number, rimExactMax: number, rimLevels: number[]): CircleSource => ({
    maxLevel: 15,
    rimExactMax,
    circleSums: async (_ranges, _level, rim) => {
      rimLevels.push(...new Set(rim.map((c) => c.level)));
      return {
        inside: [],
        rim: rim.map((cell) => {
          const b = cellBounds(cell.level, cell.cx, cell.cy);
          const lat = (b.north + b.south) / 2;
          const lng = (b.east + b.west) / 2;
          return { cell, n: perCell, sumLat: perCell * lat, sumLng: perCell * lng };
        }),
      };
    },
  });
  const measured: number[] = [];
  const map = {
    sumsOfPostsInCells: async (cells: readonly CellRef[]) => (measured.push(cells.length), []),
  } as unknown as MapRepository;

  it("keeps the rim no finer than the source's cells, and estimates a rim busier than its limit", async () => {
    const levels: number[] = [];
    // 5 miles: the map would read its rim at level 16 (rimLevelFor), finer than the source keeps.
    const counts = await countInCircle(
      { map, coverOf: createCoverCache(), source: sourceWith(2, 25, levels) },
      view,
      { ...f, distance: '5miles' },
      TORONTO,
    );
    expect(rimLevelFor(5, view.level)).toBe(16);
    expect(levels).toEqual([15]);
    expect(counts.estimated).toBe(true);
    expect(measured).toEqual([]);
    expect(counts.cells.reduce((n, c) => n + c.n, 0)).toBeGreaterThan(0);
  });

  it('estimates a rim within its limit when the count is only weighed, never shown', async () => {
    const levels: number[] = [];
    measured.length = 0;
    const counts = await countInCircle(
      { map, coverOf: createCoverCache(), source: sourceWith(2, 100_000, levels) },
      view,
      f,
      TORONTO,
      'estimated',
    );
    expect(counts.estimated).toBe(true);
    expect(measured).toEqual([]);
    expect(levels).toHaveLength(1);
    expect(counts.cells.reduce((n, c) => n + c.n, 0)).toBeGreaterThan(0);
  });

  it('measures a rim within its limit post by post', async () => {
    const levels: number[] = [];
    const counts = await countInCircle(
      { map, coverOf: createCoverCache(), source: sourceWith(2, 100_000, levels) },
      view,
      f,
      TORONTO,
    );
    expect(counts.estimated).toBe(false);
    expect(measured).toHaveLength(1);
    expect(measured[0]).toBeGreaterThan(0);
  });
});
