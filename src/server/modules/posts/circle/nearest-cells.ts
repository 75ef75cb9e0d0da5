import type { LatLng } from '../../../../domain/geo';
import type { CellCount } from '../map/repository';
import type { Total } from '../totals/totals';
import { cellMiles, shareInside } from './cover';

/** A cell of kept counts around an origin, with the bounds of its posts' distance from it, in miles. */
export interface NearCell extends CellCount {
  level: number;
  min: number;
  max: number;
}

/** The cells of `level` with their distance bounds from `origin`, nearest bound first. */
export function nearCells(origin: LatLng, level: number, cells: readonly CellCount[]): NearCell[] {
  return cells
    .map((c) => ({ ...c, level, ...cellMiles(origin, level, c.cx, c.cy) }))
    .sort((a, b) => a.min - b.min);
}

/**
 * The cells that hold the `wanted` posts nearest the origin within `miles`, beyond `after` miles
 * (a later page), from exact counts per cell (docs/decisions/0096). Counting the cells wholly
 * beyond `after` in order of their nearest bound until they hold `wanted` posts, all of those
 * posts lie within `reach` (the farthest bound among them), so the `wanted` nearest do too; the
 * cells returned are every cell that has a point within `reach` (and beyond `after`): the nearest
 * posts are the nearest of the posts of these cells. With fewer posts in the circle, every cell
 * in it (`whole`: a page of them that comes back short is the last).
 */
export function cellsOfNearest(
  cells: readonly NearCell[],
  wanted: number,
  miles: number,
  after: number | null,
): { cells: NearCell[]; whole: boolean } {
  const beyond = (c: NearCell) => after === null || c.max >= after;
  let found = 0;
  let reach = miles;
  let farthest = 0;
  for (const c of cells) {
    if (c.min > miles) break;
    if (after !== null && c.min <= after) continue;
    found += c.n;
    farthest = Math.max(farthest, c.max);
    if (found >= wanted) {
      reach = Math.min(miles, farthest);
      break;
    }
  }
  return { cells: cells.filter((c) => c.min <= reach && c.n > 0 && beyond(c)), whole: reach === miles };
}

/**
 * How many posts of the cells lie within `miles` of `origin`: the cells wholly within it counted
 * whole; those across its edge estimated from the share of each inside the circle, taken around
 * the mean point of its posts (shareInside), as a circle's rim on the map (docs/decisions/0072).
 */
export function totalWithin(cells: readonly NearCell[], origin: LatLng, miles: number): Total {
  let inside = 0;
  let rim = 0;
  let estimated = false;
  for (const c of cells) {
    if (c.max <= miles) inside += c.n;
    else if (c.min <= miles && c.n > 0) {
      estimated = true;
      rim += c.n * shareInside(origin, miles, c, { lat: c.lat, lng: c.lng });
    }
  }
  return { total: inside + Math.round(rim), estimated };
}
