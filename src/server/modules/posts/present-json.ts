import type { LatLng } from '../../../domain/geo';
import { placeFor, toPost, type PostPlace, type PostRow, type Viewer } from './present';

/** The Post fields written per request, in the order toPost gives them. */
const PER_REQUEST: ReadonlyArray<keyof PostPlace> = ['latitude', 'longitude', 'distanceMiles'];
const NOBODY = { userId: null, sessionId: null, isAdmin: false };
const ANYWHERE: LatLng = { lat: 0, lng: 0 };

const pieces = new WeakMap<PostRow, Buffer[]>();

/**
 * The JSON of toPost(row) cut around the per-request fields, as UTF-8 bytes: four pieces around
 * latitude, longitude and distanceMiles. Everything in them is the row's own, whoever asks.
 */
function piecesOf(row: PostRow): Buffer[] {
  let cut = pieces.get(row);
  if (cut) return cut;
  const post = toPost(row, NOBODY, ANYWHERE) as unknown as Record<string, unknown>;
  const texts: string[] = [];
  let current = '{';
  let first = true;
  for (const key of Object.keys(post)) {
    if (post[key] === undefined) continue;
    current += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if ((PER_REQUEST as readonly string[]).includes(key)) {
      if (key !== PER_REQUEST[texts.length]) throw new Error(`present-json: ${key} out of order`);
      texts.push(current);
      current = '';
    } else {
      current += JSON.stringify(post[key]);
    }
  }
  texts.push(`${current}}`);
  cut = texts.map((text) => Buffer.from(text));
  pieces.set(row, cut);
  return cut;
}

/** A number as JSON.stringify writes it (ASCII only). */
const num = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(v));

/**
 * The UTF-8 bytes of JSON.stringify(rows.map((row) => toPost(row, viewer, origin))), byte for
 * byte, with the viewer- and origin-independent parts of each row encoded once per row object:
 * the list's cached rows are not serialized and encoded again on every request
 * (docs/decisions/0050). The point and the distance are still worked out for each viewer (owners
 * and admins see the exact spot).
 */
export function postsJson(rows: readonly PostRow[], viewer: Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>, origin: LatLng): Buffer {
  const parts: Array<Buffer | string> = [];
  let length = 2 + Math.max(0, rows.length - 1);
  for (const row of rows) {
    const [a, b, c, d] = piecesOf(row) as [Buffer, Buffer, Buffer, Buffer];
    const place = placeFor(row, viewer, origin);
    const lat = num(place.latitude);
    const lng = num(place.longitude);
    const miles = num(place.distanceMiles);
    parts.push(a, lat, b, lng, c, miles, d);
    length += a.length + b.length + c.length + d.length + lat.length + lng.length + miles.length;
  }
  // One allocation, filled by hand: Buffer#write and #copy cost more per call than these few bytes.
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  out[at++] = 0x5b; // [
  for (let i = 0; i < parts.length; i++) {
    if (i > 0 && i % 7 === 0) out[at++] = 0x2c; // ,
    const part = parts[i]!;
    if (typeof part === 'string') {
      for (let k = 0; k < part.length; k++) out[at++] = part.charCodeAt(k);
    } else {
      out.set(part, at);
      at += part.length;
    }
  }
  out[at] = 0x5d; // ]
  return out;
}
