import { describe, expect, it } from 'vitest';
import { haversineMiles, type LatLng } from '../../../../domain/geo';
import type { CellCount } from '../map/repository';
import { cellsOfNearest, nearCells, totalWithin } from './nearest-cells';
import { cellAt, pointsAround } from './points.fixture';

const TORONTO = { lat: 43.6532, lng: -79.3832 };
const LEVEL = 15;
const idOf = (c: { cx: number; cy: number }) => `${c.cx}:${c.cy}`;

/** The points' counts per cell of LEVEL, with their mean points, as word_cells keeps them. */
function countsOf(points: readonly LatLng[]): CellCount[] {
  const cells = new Map<string, CellCount>();
  for (const p of points) {
    const at = cellAt(p, LEVEL);
    const c = cells.get(idOf(at)) ?? { cx: at.cx, cy: at.cy, n: 0, lat: 0, lng: 0 };
    c.lat = (c.lat * c.n + p.lat) / (c.n + 1);
    c.lng = (c.lng * c.n + p.lng) / (c.n + 1);
    c.n += 1;
    cells.set(idOf(at), c);
  }
  return [...cells.values()];
}

/** 3,000 points over about 14 miles around Toronto, and a few gathered at one spot 3 miles north. */
const points = [
  ...pointsAround(TORONTO, 0.2, 3000),
  ...Array.from({ length: 40 }, (_, i) => ({ lat: 43.697 + i * 1e-5, lng: -79.383 })),
];
const cells = nearCells(TORONTO, LEVEL, countsOf(points));
const byDistance = points
  .map((p) => ({ p, miles: haversineMiles(TORONTO, p) }))
  .sort((a, b) => a.miles - b.miles);

describe('cellsOfNearest', () => {
  it.each([1, 21, 101])('holds the %i nearest points within 10 miles, from far fewer cells than the circle', (wanted) => {
    const { cells: near, whole } = cellsOfNearest(cells, wanted, 10, null);
    expect(whole).toBe(false);
    const chosen = new Set(near.map(idOf));
    const nearest = byDistance.filter((d) => d.miles <= 10).slice(0, wanted);
    for (const { p } of nearest) expect(chosen.has(idOf(cellAt(p, LEVEL)))).toBe(true);
    const inCircle = cells.filter((c) => c.min <= 10).length;
    expect(chosen.size).toBeLessThan(inCircle / 4);
  });

  it.each([20, 500, 1200])('holds the 21 nearest points beyond the %ith (a later page)', (skipped) => {
    const after = byDistance[skipped - 1]!.miles;
    const chosen = new Set(cellsOfNearest(cells, 21, 10, after).cells.map(idOf));
    const next = byDistance.filter((d) => d.miles > after && d.miles <= 10).slice(0, 21);
    expect(next.length).toBeGreaterThan(0);
    for (const { p } of next) expect(chosen.has(idOf(cellAt(p, LEVEL)))).toBe(true);
    // The cells wholly nearer than the page's start are left out.
    for (const c of cells.filter((c) => chosen.has(idOf(c)))) expect(c.max).toBeGreaterThanOrEqual(after);
  });

  it('does not count the points of a cell nearer than where the page starts', () => {
    // Sparse points, and 40 gathered in one cell: the page starts at the last of those 40.
    const gathered = Array.from({ length: 40 }, (_, i) => ({ lat: 43.697 + i * 1e-5, lng: -79.383 }));
    const sparse = [...pointsAround(TORONTO, 0.2, 300), ...gathered];
    const after = Math.max(...gathered.map((p) => haversineMiles(TORONTO, p)));
    const chosen = new Set(cellsOfNearest(nearCells(TORONTO, LEVEL, countsOf(sparse)), 21, 10, after).cells.map(idOf));
    const next = sparse
      .map((p) => ({ p, miles: haversineMiles(TORONTO, p) }))
      .filter((d) => d.miles > after && d.miles <= 10)
      .sort((a, b) => a.miles - b.miles)
      .slice(0, 21);
    expect(next).toHaveLength(21);
    for (const { p } of next) expect(chosen.has(idOf(cellAt(p, LEVEL)))).toBe(true);
  });

  it('gives every cell in the circle when it holds fewer points than wanted, and none beyond it', () => {
    const inCircle = cells.filter((c) => c.min <= 1);
    const few = byDistance.filter((d) => d.miles <= 1).length;
    const all = cellsOfNearest(cells, few + 1, 1, null);
    expect(all.whole).toBe(true);
    expect(all.cells.map(idOf).sort()).toEqual(inCircle.map(idOf).sort());
    expect(cellsOfNearest(cells, 21, 10, 20)).toEqual({ cells: [], whole: true });
  });
});

describe('totalWithin', () => {
  it('counts exactly when no cell crosses the edge, else estimates within a few percent', () => {
    const exact = (miles: number) => byDistance.filter((d) => d.miles <= miles).length;
    // Every point lies within 20 miles: no cell with a point crosses that circle's edge.
    expect(totalWithin(cells, TORONTO, 20)).toEqual({ total: points.length, estimated: false });
    const estimate = totalWithin(cells, TORONTO, 5);
    expect(estimate.estimated).toBe(true);
    expect(Math.abs(estimate.total - exact(5)) / exact(5)).toBeLessThan(0.05);
  });
});
