import type { LatLng } from '../../../domain/geo';
import { placeFor, toPost, type PostPlace, type PostRow, type Viewer } from './present';

/** The Post fields written per request, in the order toPost gives them. */
const PER_REQUEST: ReadonlyArray<keyof PostPlace> = ['latitude', 'longitude', 'distanceMiles'];
const NOBODY = { userId: null, sessionId: null, isAdmin: false };
const ANYWHERE: LatLng = { lat: 0, lng: 0 };

const texts = new WeakMap<PostRow, string[]>();

/**
 * The JSON of toPost(row) cut around the per-request fields: four texts around latitude,
 * longitude and distanceMiles. Everything in them is the row's own, whoever asks.
 */
function textsOf(row: PostRow): string[] {
  let cut = texts.get(row);
  if (cut) return cut;
  const post = toPost(row, NOBODY, ANYWHERE) as unknown as Record<string, unknown>;
  cut = [];
  let current = '{';
  let first = true;
  for (const key of Object.keys(post)) {
    if (post[key] === undefined) continue;
    current += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if ((PER_REQUEST as readonly string[]).includes(key)) {
      if (key !== PER_REQUEST[cut.length]) throw new Error(`present-json: ${key} out of order`);
      cut.push(current);
      current = '';
    } else {
      current += JSON.stringify(post[key]);
    }
  }
  cut.push(`${current}}`);
  texts.set(row, cut);
  return cut;
}

const num = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(v));

/**
 * JSON.stringify(rows.map((row) => toPost(row, viewer, origin))), byte for byte, with the
 * viewer- and origin-independent parts of each row written once per row object: the list's
 * cached rows are not serialized again on every request (docs/decisions/0050). The point and the
 * distance are still worked out for each viewer (owners and admins see the exact spot).
 */
export function postsJson(rows: readonly PostRow[], viewer: Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>, origin: LatLng): string {
  let out = '[';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const [a, b, c, d] = textsOf(row);
    const place = placeFor(row, viewer, origin);
    out += `${i ? ',' : ''}${a}${num(place.latitude)}${b}${num(place.longitude)}${c}${num(place.distanceMiles)}${d}`;
  }
  return `${out}]`;
}
