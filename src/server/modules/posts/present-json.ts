import type { LatLng } from '../../../domain/geo';
import { canManage, placeFor, toPost, type PostPlace, type PostRow, type Viewer } from './present';

/** The Post fields written per request, in the order toPost gives them. */
const PER_REQUEST: ReadonlyArray<keyof PostPlace> = ['latitude', 'longitude', 'distanceMiles'];
export const NOBODY = { userId: null, sessionId: null, isAdmin: false };
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

const publicBytes = new WeakMap<PostRow, { origin: LatLng; bytes: Buffer }>();

/**
 * The whole post as everyone but its owner and admins sees it from `origin`: remembered per row
 * for the last origin asked (most viewers share the default origin).
 */
function publicBytesOf(row: PostRow, origin: LatLng): Buffer {
  const kept = publicBytes.get(row);
  if (kept && kept.origin.lat === origin.lat && kept.origin.lng === origin.lng) return kept.bytes;
  const [a, b, c, d] = piecesOf(row) as [Buffer, Buffer, Buffer, Buffer];
  const place = placeFor(row, NOBODY, origin);
  const bytes = Buffer.concat([a, Buffer.from(num(place.latitude)), b, Buffer.from(num(place.longitude)), c, Buffer.from(num(place.distanceMiles)), d]);
  publicBytes.set(row, { origin: { lat: origin.lat, lng: origin.lng }, bytes });
  return bytes;
}

export type Who = Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>;

/**
 * JSON assembled as UTF-8 bytes from pieces: ASCII text written per request (punctuation,
 * numbers) and bytes encoded once and kept (the rows' own fields, a map's clusters). One
 * allocation, filled by hand: Buffer#write and #copy cost more per call than these few bytes.
 */
export class JsonBytes {
  private readonly parts: Array<Buffer | string> = [];
  private length = 0;

  /** ASCII only (JSON punctuation, numbers). */
  text(ascii: string): this {
    this.parts.push(ascii);
    this.length += ascii.length;
    return this;
  }

  bytes(encoded: Buffer): this {
    this.parts.push(encoded);
    this.length += encoded.length;
    return this;
  }

  /** JSON.stringify(toPost(row, viewer, origin)), from the row's kept pieces. */
  post(row: PostRow, viewer: Who, origin: LatLng): this {
    if (!canManage(row, viewer)) return this.bytes(publicBytesOf(row, origin));
    const [a, b, c, d] = piecesOf(row) as [Buffer, Buffer, Buffer, Buffer];
    const place = placeFor(row, viewer, origin);
    return this.bytes(a).text(num(place.latitude)).bytes(b).text(num(place.longitude)).bytes(c).text(num(place.distanceMiles)).bytes(d);
  }

  toBuffer(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    let at = 0;
    for (const part of this.parts) {
      if (typeof part === 'string') {
        for (let k = 0; k < part.length; k++) out[at++] = part.charCodeAt(k);
      } else {
        out.set(part, at);
        at += part.length;
      }
    }
    return out;
  }
}

/**
 * The UTF-8 bytes of JSON.stringify(rows.map((row) => toPost(row, viewer, origin))), byte for
 * byte, with the viewer- and origin-independent parts of each row encoded once per row object:
 * the list's cached rows are not serialized and encoded again on every request
 * (docs/decisions/0050). The point and the distance are still worked out for each viewer (owners
 * and admins see the exact spot).
 */
export function postsJson(rows: readonly PostRow[], viewer: Who, origin: LatLng): Buffer {
  const json = new JsonBytes().text('[');
  rows.forEach((row, i) => {
    if (i > 0) json.text(',');
    json.post(row, viewer, origin);
  });
  return json.text(']').toBuffer();
}
