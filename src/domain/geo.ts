/** Distances and the distance text of spec §9 (DECISIONS 11: measured from the viewer). */
export const EARTH_RADIUS_MILES = 3959;

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine, earth radius 3959 miles). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 'Less than 0.1 miles away', one decimal under a mile, rounded otherwise, 'Distance unknown'. */
export function distanceText(miles: number | null | undefined): string {
  if (miles === null || miles === undefined || !Number.isFinite(miles)) return 'Distance unknown';
  if (miles < 0.1) return 'Less than 0.1 miles away';
  if (miles < 1) return `${miles.toFixed(1)} miles away`;
  const whole = Math.round(miles);
  return `${whole} ${whole === 1 ? 'mile' : 'miles'} away`;
}

/** "lat,lng" -> point, or null when malformed or out of range. */
export function parseLatLng(text: string | undefined | null): LatLng | null {
  if (!text) return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * Where distances are measured from when the viewer shares no location and picks no place, and
 * how the app names it: the server's `DEFAULT_ORIGIN` and `DEFAULT_ORIGIN_NAME`, these unless set
 * (docs/decisions/0121).
 */
export interface NamedPlace extends LatLng {
  name: string;
}
export const HOME_ORIGIN: NamedPlace = { lat: 43.6532, lng: -79.3832, name: 'downtown Toronto' };

/** Map defaults of spec §9: about the middle of North America, zoom 4. */
export const MAP_DEFAULT_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 };
export const MAP_DEFAULT_ZOOM = 4;
export const MARKER_SIZE = { width: 25, height: 41 } as const;

const EARTH_RADIUS_METRES = EARTH_RADIUS_MILES * 1609.344;

/** The point `metres` away from `from` along `bearingDeg` (0 = north). */
export function offsetPoint(from: LatLng, metres: number, bearingDeg: number): LatLng {
  const d = metres / EARTH_RADIUS_METRES;
  const b = rad(bearingDeg);
  const lat1 = rad(from.lat);
  const lng1 = rad(from.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  const deg = (r: number) => (r * 180) / Math.PI;
  return { lat: deg(lat2), lng: ((deg(lng2) + 540) % 360) - 180 };
}

export const PUBLIC_OFFSET_METRES = { min: 300, max: 600 } as const;

/**
 * The public (approximate) point of a post: a fixed offset of 300-600 m in a random direction,
 * computed once when the post is placed, or the spot itself when the poster shows the exact spot.
 * `random` returns numbers in [0, 1).
 */
export function publicPointOf(exact: LatLng, showExact: boolean, random: () => number = Math.random): LatLng {
  if (showExact) return exact;
  const metres = PUBLIC_OFFSET_METRES.min + random() * (PUBLIC_OFFSET_METRES.max - PUBLIC_OFFSET_METRES.min);
  return offsetPoint(exact, metres, random() * 360);
}
