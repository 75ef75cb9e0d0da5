import { haversineMiles, type LatLng } from '../../../../domain/geo';
import { cellBounds, cellCentre } from '../../../../domain/map';
import { TtlCache } from '../../../lib/ttl-cache';
import type { CellRef } from '../cells';

/**
 * The cells that tile a circle, coarse inside and fine at the edge: `inside` cells lie wholly
 * within the circle at any level (their posts all count), `rim` cells at `rimLevel` cross its
 * edge (their posts must be measured one by one). Every other cell lies wholly outside. The
 * cells never overlap, so each post is in at most one of them.
 */
export interface CircleCover {
  inside: CellRef[];
  rim: CellRef[];
}

/** map_cells' coarsest level: the world in 4 x 4 cells. */
const TOP_LEVEL = 2;
/**
 * Cells are judged by their corners in floating point; SQL puts a post in a cell with the same
 * arithmetic, a few nanomiles either way. A cell within this margin of the edge counts as rim,
 * which is always safe (rim posts are measured exactly).
 */
const MARGIN_MILES = 1e-6;

function cornersOf(level: number, cx: number, cy: number): LatLng[] {
  const b = cellBounds(level, cx, cy);
  return [
    { lat: b.north, lng: b.west },
    { lat: b.north, lng: b.east },
    { lat: b.south, lng: b.west },
    { lat: b.south, lng: b.east },
  ];
}

/**
 * Where a cell lies. On a sphere the distance from a point to the points of a latitude/longitude
 * rectangle (smaller than a hemisphere) is greatest at a corner: along a parallel it grows with
 * the difference in longitude, along a meridian it has a single minimum. So the farthest corner
 * bounds the cell from above, and (triangle inequality through the centre) the distance to the
 * centre less the centre's farthest corner bounds it from below.
 */
function placeOf(origin: LatLng, miles: number, level: number, cx: number, cy: number): 'inside' | 'outside' | 'edge' {
  const corners = cornersOf(level, cx, cy);
  const farthest = Math.max(...corners.map((c) => haversineMiles(origin, c)));
  if (farthest <= miles - MARGIN_MILES) return 'inside';
  const centre = cellCentre(level, cx, cy);
  const halfSpan = Math.max(...corners.map((c) => haversineMiles(centre, c)));
  if (haversineMiles(origin, centre) - halfSpan > miles + MARGIN_MILES) return 'outside';
  return 'edge';
}

/** The cover of the circle of `miles` around `origin`, its rim cells at `rimLevel` (≤ 18). */
export function circleCover(origin: LatLng, miles: number, rimLevel: number): CircleCover {
  const cover: CircleCover = { inside: [], rim: [] };
  const visit = (level: number, cx: number, cy: number): void => {
    const place = placeOf(origin, miles, level, cx, cy);
    if (place === 'outside') return;
    if (place === 'inside') cover.inside.push({ level, cx, cy });
    else if (level >= rimLevel) cover.rim.push({ level, cx, cy });
    else for (let i = 0; i < 4; i++) visit(level + 1, cx * 2 + (i & 1), cy * 2 + (i >> 1));
  };
  const side = 2 ** TOP_LEVEL;
  for (let cy = 0; cy < side; cy++) for (let cx = 0; cx < side; cx++) visit(TOP_LEVEL, cx, cy);
  return cover;
}

/** Covers depend on nothing but their arguments: kept a while for the origins in use. */
const covers = new TtlCache<CircleCover>({ ttlMs: 10 * 60_000, maxEntries: 200 });

/** circleCover, remembered (a cover of 10 miles at level 18 takes about 10 ms to work out). */
export function coverOf(origin: LatLng, miles: number, rimLevel: number): CircleCover {
  const key = `${origin.lat},${origin.lng},${miles},${rimLevel}`;
  let cover = covers.get(key);
  if (!cover) {
    cover = circleCover(origin, miles, rimLevel);
    covers.set(key, cover);
  }
  return cover;
}
