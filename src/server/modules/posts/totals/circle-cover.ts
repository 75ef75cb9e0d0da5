import { EARTH_RADIUS_MILES, haversineMiles, type LatLng } from '../../../../domain/geo';
import { MERCATOR_MAX_LAT, cellBounds, cellCentre } from '../../../../domain/map';
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

/**
 * The corners of a cell. The edge rows of the grid also hold the points beyond Mercator's
 * ±85.05° (clamped onto them); a circle that reaches that far has no cover (circleCover), so
 * those points are outside any circle asked here and the rows end at ±85.05° for this purpose.
 */
function cornersOf(level: number, cx: number, cy: number): LatLng[] {
  const b = cellBounds(level, cx, cy);
  const north = Math.min(b.north, MERCATOR_MAX_LAT);
  const south = Math.max(b.south, -MERCATOR_MAX_LAT);
  return [
    { lat: north, lng: b.west },
    { lat: north, lng: b.east },
    { lat: south, lng: b.west },
    { lat: south, lng: b.east },
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

/** Miles in a degree of latitude on the 3959-mile earth. */
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;
/** More cells than this (a circle far north or south, where cells are small) are not worth it. */
const MAX_CELLS = 20_000;

/**
 * The cover of the circle of `miles` around `origin`, its rim cells at `rimLevel` (≤ 18); null
 * when there is none worth having: a circle reaching Mercator's polar rows (every cell of them
 * touches the pole, so all would be rim) or needing more than MAX_CELLS cells. Callers then
 * count the posts themselves (few live there).
 */
export function circleCover(origin: LatLng, miles: number, rimLevel: number): CircleCover | null {
  if (Math.abs(origin.lat) + miles / MILES_PER_DEGREE + 0.01 >= MERCATOR_MAX_LAT) return null;
  const cover: CircleCover = { inside: [], rim: [] };
  let cells = 0;
  const visit = (level: number, cx: number, cy: number): void => {
    if (cells > MAX_CELLS) return;
    const place = placeOf(origin, miles, level, cx, cy);
    if (place === 'outside') return;
    if (place === 'inside' || level >= rimLevel) {
      cells += 1;
      (place === 'inside' ? cover.inside : cover.rim).push({ level, cx, cy });
    } else for (let i = 0; i < 4; i++) visit(level + 1, cx * 2 + (i & 1), cy * 2 + (i >> 1));
  };
  const side = 2 ** TOP_LEVEL;
  for (let cy = 0; cy < side; cy++) for (let cx = 0; cx < side; cx++) visit(TOP_LEVEL, cx, cy);
  return cells > MAX_CELLS ? null : cover;
}

/** Covers depend on nothing but their arguments: kept a while for the origins in use. */
const covers = new TtlCache<CircleCover | null>({ ttlMs: 10 * 60_000, maxEntries: 200 });

/** circleCover, remembered (a cover of 10 miles at level 18 takes about 10 ms to work out). */
export function coverOf(origin: LatLng, miles: number, rimLevel: number): CircleCover | null {
  const key = `${origin.lat},${origin.lng},${miles},${rimLevel}`;
  let cover = covers.get(key);
  if (cover === undefined) {
    cover = circleCover(origin, miles, rimLevel);
    covers.set(key, cover);
  }
  return cover;
}
