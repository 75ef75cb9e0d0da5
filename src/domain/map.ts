/**
 * The map grid (docs/decisions/0030): posts are clustered in square cells of the Web Mercator
 * plane, CELL_PX pixels wide at the zoom shown, so cells of one zoom nest in those of the zoom
 * below (a quadtree). Pure: used by the server to cluster and by the web to build `bbox`.
 */

/** Cell side in screen pixels (256 px tiles): 2^(zoom + 2) cells across the world. */
export const MAP_CELL_PX = 64;
/** Grid level of a zoom: log2 of the number of cells across the world. */
export const gridLevel = (zoom: number) => zoom + 2;
/**
 * Posts sharing a grid cell are clustered, so pins never pile up; from MAP_POINTS_ZOOM (street
 * level, where a cell is about 50 m) a view holding up to MAP_POINT_LIMIT posts shows each one as
 * a pin, since zooming in would part them no further (docs/decisions/0030).
 */
export const MAP_POINT_LIMIT = 500;
export const MAP_POINTS_ZOOM = 17;
/** A box wider or taller than this many pixels at the asked zoom is clustered at a lower zoom. */
export const MAP_MAX_VIEW_PX = 4096;
/** Web Mercator stops at ±85.0511°; points beyond it sit on the edge row. */
export const MERCATOR_MAX_LAT = 85.0511287798066;
export const MAP_MAX_ZOOM = 22;

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export const BBOX_MESSAGES = {
  format: 'bbox must be "west,south,east,north" in degrees',
  range: 'bbox must lie within longitude -180..180 and latitude -90..90',
  antimeridian: 'bbox must have west < east: split a box that crosses the antimeridian in two',
  empty: 'bbox must have south < north',
} as const;

/** "west,south,east,north" -> the box, or the message saying what is wrong with it. */
export function parseBbox(text: string): Bbox | { error: string } {
  const parts = text.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return { error: BBOX_MESSAGES.format };
  const [west, south, east, north] = parts as [number, number, number, number];
  if (Math.abs(west) > 180 || Math.abs(east) > 180 || Math.abs(south) > 90 || Math.abs(north) > 90) {
    return { error: BBOX_MESSAGES.range };
  }
  if (west >= east) return { error: BBOX_MESSAGES.antimeridian };
  if (south >= north) return { error: BBOX_MESSAGES.empty };
  return { west, south, east, north };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * The `bbox` parameter for a map view's bounds, as Leaflet reports them: a view panned onto a
 * copy of the world is brought back to -180..180, a box wider than the world or across the
 * antimeridian is cut at ±180 (what lies beyond is not asked for), latitudes are cut to ±90.
 */
export function bboxParam(b: Bbox): string {
  const shift = 360 * Math.round((b.west + b.east) / 2 / 360);
  const wide = b.east - b.west >= 360;
  const west = wide ? -180 : clamp(b.west - shift, -180, 180);
  const east = wide ? 180 : clamp(b.east - shift, -180, 180);
  return [west, clamp(b.south, -90, 90), east, clamp(b.north, -90, 90)].map(round6).join(',');
}

/** Web Mercator x of a longitude, 0..1 from west to east. */
export const mercatorX = (lng: number) => (lng + 180) / 360;
/** Web Mercator y of a latitude, 0..1 from north to south (the same formula as SQL map_cell_y). */
export const mercatorY = (lat: number) => {
  // The same operations as PostgreSQL radians() so both sides find the same cell.
  const phi = clamp(lat, -MERCATOR_MAX_LAT, MERCATOR_MAX_LAT) * (Math.PI / 180);
  return (1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2;
};
const lngOfX = (x: number) => x * 360 - 180;
const latOfY = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * The zoom to cluster at: the asked one, lowered while the box would be more than
 * MAP_MAX_VIEW_PX pixels wide or tall, and never above `cap`.
 */
export function effectiveZoom(box: Bbox, zoom: number, cap = MAP_MAX_ZOOM): number {
  const width = mercatorX(box.east) - mercatorX(box.west);
  const height = mercatorY(box.south) - mercatorY(box.north);
  const span = Math.max(width, height, 1e-12);
  const fits = Math.floor(Math.log2(MAP_MAX_VIEW_PX / 256 / span));
  return clamp(Math.min(zoom, fits, cap), 0, MAP_MAX_ZOOM);
}

/** The cells of one grid level that a box touches, inclusive ranges. */
export interface Grid {
  level: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

function cellIndex(v: number, level: number): number {
  const n = 2 ** level;
  return clamp(Math.floor(v * n), 0, n - 1);
}

export function gridOf(box: Bbox, zoom: number): Grid {
  const level = gridLevel(zoom);
  return {
    level,
    x0: cellIndex(mercatorX(box.west), level),
    x1: cellIndex(mercatorX(box.east), level),
    y0: cellIndex(mercatorY(box.north), level),
    y1: cellIndex(mercatorY(box.south), level),
  };
}

/** A cell's bounds in degrees. */
export function cellBounds(level: number, x: number, y: number): Bbox {
  const n = 2 ** level;
  // The edge rows also hold the points beyond Mercator's ±85.05° (they are clamped onto them).
  const north = y === 0 ? 90 : latOfY(y / n);
  const south = y === n - 1 ? -90 : latOfY((y + 1) / n);
  return { west: lngOfX(x / n), east: lngOfX((x + 1) / n), north, south };
}

/** The bounds of a whole grid (the box widened to whole cells). */
export function gridBounds(g: Grid): Bbox {
  const nw = cellBounds(g.level, g.x0, g.y0);
  const se = cellBounds(g.level, g.x1, g.y1);
  return { west: nw.west, north: nw.north, east: se.east, south: se.south };
}

/** A cell's centre in degrees (the Mercator midpoint). */
export function cellCentre(level: number, x: number, y: number): { lat: number; lng: number } {
  const n = 2 ** level;
  return { lat: latOfY((y + 0.5) / n), lng: lngOfX((x + 0.5) / n) };
}

/** The box a map of `width` x `height` pixels shows around `centre` at `zoom` (as Leaflet computes it). */
export function viewBox(
  centre: { lat: number; lng: number },
  zoom: number,
  width: number,
  height: number,
): Bbox {
  const world = 256 * 2 ** zoom;
  const x = mercatorX(centre.lng) * world;
  const y = mercatorY(centre.lat) * world;
  return {
    west: lngOfX((x - width / 2) / world),
    east: lngOfX((x + width / 2) / world),
    north: latOfY((y - height / 2) / world),
    south: latOfY((y + height / 2) / world),
  };
}
