import { mercatorX, mercatorY } from '../../../../domain/map';
import type { CellRef } from '../cells';

/** The cell of a point at `level`, as SQL map_cell_x/y compute it. */
export function cellAt(p: { lat: number; lng: number }, level: number): CellRef {
  const n = 2 ** level;
  const index = (v: number) => Math.min(Math.max(Math.floor(v * n), 0), n - 1);
  return { level, cx: index(mercatorX(p.lng)), cy: index(mercatorY(p.lat)) };
}

/** A deterministic spread of points around `o`, up to `span` degrees away (longitudes wrapped). */
export function pointsAround(o: { lat: number; lng: number }, span: number, count: number) {
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  return Array.from({ length: count }, () => ({ lat: o.lat + next() * span, lng: wrap(o.lng + next() * span) }));
}
