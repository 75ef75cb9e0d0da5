import { EARTH_RADIUS_MILES, haversineMiles, type LatLng } from '../../../../domain/geo';
import { MERCATOR_MAX_LAT, cellBounds, cellCentre } from '../../../../domain/map';
import type { CellRef } from '../cells';
import { TtlCache } from '../../../lib/ttl-cache';

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

const rad = (deg: number) => (deg * Math.PI) / 180;
/** The haversine of an angle, sin²(θ/2): the haversine formula's terms. */
const hav = (theta: number) => Math.sin(theta / 2) ** 2;
/** The haversine formula's h for a distance (d = 2R·asin(√h)), which grows with it up to half the earth. */
const hOf = (miles: number) => hav(Math.min(Math.PI, Math.max(0, miles / EARTH_RADIUS_MILES)));
/** Miles for the haversine formula's h. */
const milesOf = (h: number) => 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));

/** A circle, with what judging a cell needs worked out once. */
interface Circle {
  lat: number;
  lng: number;
  cosLat: number;
  miles: number;
  /** h of the distance within which a cell's farthest corner makes it an inside cell. */
  insideH: number;
}

/**
 * The greatest h (haversine formula) from a point to the corners of a latitude/longitude
 * rectangle: h = hav(Δlat) + cos(lat₀)·cos(lat)·hav(Δlng), so the farthest corner has the larger
 * hav(Δlng) of the two sides, and each row's cosines are worked out once.
 */
function farthestCornerH(lat: number, lng: number, cosLat: number, b: { north: number; south: number; west: number; east: number }): number {
  const dLng = Math.max(hav(rad(b.west - lng)), hav(rad(b.east - lng)));
  return Math.max(
    hav(rad(b.north - lat)) + cosLat * Math.cos(rad(b.north)) * dLng,
    hav(rad(b.south - lat)) + cosLat * Math.cos(rad(b.south)) * dLng,
  );
}

/**
 * Where a cell lies. On a sphere the distance from a point to the points of a latitude/longitude
 * rectangle (smaller than a hemisphere) is greatest at a corner: along a parallel it grows with
 * the difference in longitude, along a meridian it has a single minimum. So the farthest corner
 * bounds the cell from above, and (triangle inequality through the centre) the distance to the
 * centre less the centre's farthest corner bounds it from below. Distances are compared as the
 * haversine formula's h where they can be (it grows with the distance), so most cells cost a few
 * sines and cosines rather than nine distances.
 *
 * The edge rows of the grid also hold the points beyond Mercator's ±85.05° (clamped onto them);
 * a circle that reaches that far has no cover (circleCover), so those points are outside any
 * circle asked here and the rows end at ±85.05° for this purpose.
 */
function placeOf(c: Circle, level: number, cx: number, cy: number): 'inside' | 'outside' | 'edge' {
  const box = clampedBounds(level, cx, cy);
  if (farthestCornerH(c.lat, c.lng, c.cosLat, box) <= c.insideH) return 'inside';
  if (nearestMiles(c, level, cx, cy, box) > c.miles + MARGIN_MILES) return 'outside';
  return 'edge';
}

/** A cell's bounds, its edge rows ending at ±85.05° (placeOf). */
function clampedBounds(level: number, cx: number, cy: number) {
  const b = cellBounds(level, cx, cy);
  return { west: b.west, east: b.east, north: Math.min(b.north, MERCATOR_MAX_LAT), south: Math.max(b.south, -MERCATOR_MAX_LAT) };
}

/** A lower bound of the miles from `o` to a cell's points: to its centre, less the centre's farthest corner. */
function nearestMiles(o: LatLng, level: number, cx: number, cy: number, box: ReturnType<typeof clampedBounds>): number {
  const centre = cellCentre(level, cx, cy);
  const halfSpan = milesOf(farthestCornerH(centre.lat, centre.lng, Math.cos(rad(centre.lat)), box));
  return haversineMiles(o, centre) - halfSpan;
}

/**
 * Bounds of the miles from `origin` to the points of a cell (as placeOf judges it), widened by the
 * floating-point margin: every post of the cell lies between `min` and `max` miles away.
 */
export function cellMiles(origin: LatLng, level: number, cx: number, cy: number): { min: number; max: number } {
  const box = clampedBounds(level, cx, cy);
  return {
    min: Math.max(0, nearestMiles(origin, level, cx, cy, box) - MARGIN_MILES),
    max: milesOf(farthestCornerH(origin.lat, origin.lng, Math.cos(rad(origin.lat)), box)) + MARGIN_MILES,
  };
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
  const circle: Circle = { ...origin, cosLat: Math.cos(rad(origin.lat)), miles, insideH: hOf(miles - MARGIN_MILES) };
  const cover: CircleCover = { inside: [], rim: [] };
  let cells = 0;
  const visit = (level: number, cx: number, cy: number): void => {
    if (cells > MAX_CELLS) return;
    const place = placeOf(circle, level, cx, cy);
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

/**
 * The rim level for a radius: fine enough that the rim holds a few hundred cells (1 mile: 18, about
 * 110 m; 5 miles: 16; 10 miles: 15), and never coarser than `atLeast` (the map's grid, so that a rim
 * cell lies in one grid cell). map_cells keeps levels up to 18.
 */
export function rimLevelFor(miles: number, atLeast = 0): number {
  return Math.min(18, Math.max(atLeast, 18 - Math.round(Math.log2(Math.max(1, miles)))));
}

/** Sample points per side of a rim cell when its share of the circle is estimated. */
const SAMPLES = 4;

/**
 * The share of a cell's posts that lie within `miles` of `origin` (0..1), from a grid of sample
 * points. Posts are seldom spread evenly over a cell: they gather towards a town, so the grid is
 * centred on `mean`, the mean point of the cell's posts, rather than on the cell's centre. That
 * follows a cell's slope of density to first order; at 1M posts it brought a 10-mile total's
 * error with a rim two levels coarser from up to 4.4 % to about 1 % (docs/decisions/0092).
 */
export function shareInside(origin: LatLng, miles: number, cell: CellRef, mean?: LatLng): number {
  const b = cellBounds(cell.level, cell.cx, cell.cy);
  const south = mean ? mean.lat - (b.north - b.south) / 2 : b.south;
  const west = mean ? mean.lng - (b.east - b.west) / 2 : b.west;
  let inside = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      const p = { lat: south + ((i + 0.5) / SAMPLES) * (b.north - b.south), lng: west + ((j + 0.5) / SAMPLES) * (b.east - b.west) };
      if (haversineMiles(origin, p) <= miles) inside += 1;
    }
  }
  return inside / (SAMPLES * SAMPLES);
}

/**
 * Covers of the origins in use, on this instance (a 10-mile cover takes 1-2 ms to work out, which
 * a list and its map asked from one place would otherwise pay on every request).
 */
export function createCoverCache(maxEntries = 500) {
  const covers = new TtlCache<CircleCover | null>({ ttlMs: 10 * 60_000, maxEntries });
  return function coverOf(origin: LatLng, miles: number, rimLevel: number): CircleCover | null {
    const key = `${origin.lat},${origin.lng},${miles},${rimLevel}`;
    let cover = covers.get(key);
    if (cover === undefined) covers.set(key, (cover = circleCover(origin, miles, rimLevel)));
    return cover;
  };
}

export type CoverOf = ReturnType<typeof createCoverCache>;
