import { describe, expect, it } from 'vitest';
import {
  BBOX_MESSAGES,
  MAP_MAX_VIEW_PX,
  bboxParam,
  cellBounds,
  cellCentre,
  effectiveZoom,
  gridOf,
  parseBbox,
  type Bbox,
} from './map';

const TORONTO: Bbox = { west: -79.6, south: 43.55, east: -79.16, north: 43.75 };

describe('parseBbox', () => {
  it('reads west,south,east,north', () => {
    expect(parseBbox('-79.6,43.55,-79.16,43.75')).toEqual(TORONTO);
  });

  it.each([
    ['1,2,3', BBOX_MESSAGES.format],
    ['a,1,2,3', BBOX_MESSAGES.format],
    ['1,,2,3', BBOX_MESSAGES.format],
    ['-181,0,1,1', BBOX_MESSAGES.range],
    ['0,-91,1,1', BBOX_MESSAGES.range],
    ['170,0,-170,1', BBOX_MESSAGES.antimeridian],
    ['1,0,1,1', BBOX_MESSAGES.antimeridian],
    ['0,1,1,1', BBOX_MESSAGES.empty],
  ])('refuses %s', (text, error) => {
    expect(parseBbox(text)).toEqual({ error });
  });
});

describe('bboxParam', () => {
  it('cuts a wrapped, zoomed-out world to the world', () => {
    expect(bboxParam({ west: -400, south: -95, east: 300, north: 95 })).toBe('-180,-90,180,90');
    expect(bboxParam({ west: -190, south: 10, east: -170, north: 20 })).toBe('-180,10,-170,20');
  });

  it('brings a view panned onto another copy of the world back', () => {
    expect(bboxParam({ west: 280, south: 43, east: 281, north: 44 })).toBe('-80,43,-79,44');
    expect(bboxParam({ west: -440, south: 43, east: -439, north: 44 })).toBe('-80,43,-79,44');
  });

  it('rounds to six decimals and parses back', () => {
    const text = bboxParam({ west: -79.60000001, south: 43.55, east: -79.16, north: 43.7500004 });
    expect(text).toBe('-79.6,43.55,-79.16,43.75');
    expect(parseBbox(text)).toEqual(TORONTO);
  });
});

describe('the grid', () => {
  it('keeps the asked zoom for a screen-sized box, lowers it for a box too big to show', () => {
    expect(effectiveZoom(TORONTO, 12)).toBe(12);
    expect(effectiveZoom(TORONTO, 18)).toBeLessThan(18);
    const z = effectiveZoom(TORONTO, 18);
    expect(((TORONTO.east - TORONTO.west) / 360) * 256 * 2 ** z).toBeLessThanOrEqual(MAP_MAX_VIEW_PX);
    expect(effectiveZoom(TORONTO, 12, 9)).toBe(9);
    expect(effectiveZoom({ west: -180, south: -85, east: 180, north: 85 }, 10)).toBe(4);
  });

  it('has about 64 px cells: a 1280 x 800 view spans about 20 x 13 cells', () => {
    const g = gridOf(TORONTO, 12);
    expect(g.level).toBe(14);
    expect(g.x1 - g.x0 + 1).toBeGreaterThanOrEqual(20);
    expect(g.x1 - g.x0 + 1).toBeLessThanOrEqual(22);
  });

  it('nests cells: a cell of one zoom is the cell of the next shifted right by one', () => {
    for (const [lat, lng] of [
      [43.6532, -79.3832],
      [45.05, -78.5],
      [-33.9, 151.2],
      [85.2, 179.99],
    ] as const) {
      const box = { west: lng, south: lat, east: lng + 1e-9, north: lat + 1e-9 };
      for (let zoom = 0; zoom < 20; zoom++) {
        const a = gridOf(box, zoom);
        const b = gridOf(box, zoom + 1);
        expect([b.x0 >> 1, b.y0 >> 1]).toEqual([a.x0, a.y0]);
      }
    }
  });

  it('puts a point in the cell whose bounds hold it, with the centre inside', () => {
    const g = gridOf({ west: -79.3832, south: 43.6532, east: -79.3831, north: 43.6533 }, 15);
    const b = cellBounds(g.level, g.x0, g.y1);
    expect(-79.3832).toBeGreaterThanOrEqual(b.west);
    expect(-79.3832).toBeLessThan(b.east);
    expect(43.6532).toBeGreaterThan(b.south);
    expect(43.6532).toBeLessThanOrEqual(b.north);
    const c = cellCentre(g.level, g.x0, g.y1);
    expect(c.lat).toBeGreaterThan(b.south);
    expect(c.lat).toBeLessThan(b.north);
  });
});
