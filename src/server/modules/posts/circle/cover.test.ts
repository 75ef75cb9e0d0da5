import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../../domain/geo';
import { cellBounds } from '../../../../domain/map';
import type { CellRef } from '../cells';
import { circleCover, rimLevelFor, shareInside } from './cover';
import { cellAt, pointsAround } from './points.fixture';

const keyOf = (c: CellRef) => `${c.level}:${c.cx}:${c.cy}`;

/** Which part of the cover holds the point, if any. */
function placeIn(cover: { inside: Set<string>; rim: Set<string> }, p: { lat: number; lng: number }): 'inside' | 'rim' | 'outside' {
  const { inside, rim } = cover;
  const found: string[] = [];
  for (let level = 2; level <= 18; level++) {
    const key = keyOf(cellAt(p, level));
    if (inside.has(key)) found.push('inside');
    if (rim.has(key)) found.push('rim');
  }
  expect(found.length).toBeLessThanOrEqual(1); // the cells never overlap
  return (found[0] as 'inside' | 'rim' | undefined) ?? 'outside';
}

describe('circleCover', () => {
  it.each([
    [{ lat: 43.6532, lng: -79.3832 }, 1],
    [{ lat: 43.6532, lng: -79.3832 }, 10],
    [{ lat: 64.8378, lng: -147.7164 }, 5], // far north: cells are tall
    [{ lat: -33.8688, lng: 151.2093 }, 5],
    [{ lat: 0.0001, lng: 179.99 }, 10], // across the antimeridian and the equator
  ])('puts every point around %o within %i miles in an inside or rim cell, and none beyond it in an inside cell', (origin, miles) => {
    const cover = circleCover(origin, miles, 18)!;
    expect(cover.inside.length).toBeGreaterThan(0);
    const cells = { inside: new Set(cover.inside.map(keyOf)), rim: new Set(cover.rim.map(keyOf)) };
    const counts = { inside: 0, rim: 0, outside: 0 };
    for (const p of pointsAround(origin, (miles / 69) * 1.6, 4000)) {
      const d = haversineMiles(origin, p);
      const place = placeIn(cells, p);
      counts[place] += 1;
      if (place === 'inside') expect(d).toBeLessThanOrEqual(miles);
      if (place === 'outside') expect(d).toBeGreaterThan(miles);
    }
    // Most points are decided by whole cells; few are measured one by one.
    expect(counts.rim).toBeLessThan(counts.inside / 5);
    expect(counts.outside).toBeGreaterThan(0);
  });

  it('uses coarse cells inside and rim cells only at the rim level', () => {
    const cover = circleCover({ lat: 43.6532, lng: -79.3832 }, 10, 17)!;
    expect(new Set(cover.rim.map((c) => c.level))).toEqual(new Set([17]));
    expect(Math.min(...cover.inside.map((c) => c.level))).toBeLessThan(14);
  });

  it('gives no cover for a circle that reaches the polar rows, where every cell touches the pole', () => {
    const started = performance.now();
    expect(circleCover({ lat: 90, lng: 0 }, 10, 18)).toBeNull();
    expect(circleCover({ lat: -84.99, lng: 12 }, 10, 18)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
    expect(circleCover({ lat: 84, lng: 0 }, 1, 18)).not.toBeNull();
  });
});

describe('shareInside', () => {
  const TORONTO = { lat: 43.6532, lng: -79.3832 };
  // A level-13 cell (about 3.5 km) that the 10-mile circle around Toronto cuts: the rim cell due east.
  const level = rimLevelFor(10) - 2;
  const rimCell = circleCover(TORONTO, 10, level)!.rim.find((c) => {
    const b = cellBounds(c.level, c.cx, c.cy);
    return b.south <= TORONTO.lat && b.north >= TORONTO.lat && b.west > TORONTO.lng;
  })!;
  const b = cellBounds(rimCell.level, rimCell.cx, rimCell.cy);
  const middle = { lat: (b.north + b.south) / 2, lng: (b.east + b.west) / 2 };
  const share = (mean?: { lat: number; lng: number }) => shareInside(TORONTO, 10, rimCell, mean);

  it('is the share of the cell inside the circle, the same when its posts are spread evenly', () => {
    expect(share()).toBeGreaterThan(0);
    expect(share()).toBeLessThan(1);
    expect(share(middle)).toBe(share());
  });

  it('follows where the posts of the cell gather: towards the origin more of them are inside', () => {
    const width = b.east - b.west;
    expect(share({ ...middle, lng: middle.lng - width / 4 })).toBeGreaterThan(share());
    expect(share({ ...middle, lng: middle.lng + width / 4 })).toBeLessThan(share());
  });
});
