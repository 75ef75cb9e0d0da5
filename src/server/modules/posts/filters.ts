import { and, eq, sql, type SQL } from 'drizzle-orm';
import { posts } from '../../db/schema/index';
import { EARTH_RADIUS_MILES, parseLatLng, type LatLng } from '../../../domain/geo';
import { AMOUNT_WORDS, DISTANCE_MILES, type PostFilters } from '../../../domain/posts';
import { searchMatches } from './search';

/** earthdistance's earth() radius in metres; earth_box takes metres on that sphere. */
const EARTH_METRES = 6378168;

/** 4 decimals of a degree: about 11 m, as the web rounds the viewer's location (docs/decisions/0041). */
const roundOrigin = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * The distance origin: the viewer's `near` rounded to about 11 m (so origins a few metres apart
 * share their caches and circle covers), else the configured default (DECISIONS 11).
 */
export function originOf(filters: Pick<PostFilters, 'near'>, fallback: LatLng): LatLng {
  const near = parseLatLng(filters.near);
  return near ? { lat: roundOrigin(near.lat), lng: roundOrigin(near.lng) } : fallback;
}

/**
 * The public point as earthdistance's point, without the `earth` domain's checks (SQL post_earth,
 * migration 0015: the same coordinates as ll_to_earth, about 0.5 µs a row against 6 µs): what
 * the GiST index for distances holds.
 */
const publicEarth = sql`post_earth(${posts.publicLatitude}, ${posts.publicLongitude})`;
const originEarth = (o: LatLng) => sql`ll_to_earth(${o.lat}::float8, ${o.lng}::float8)`;

/** Miles from `o` to the public point (haversine, 3959 miles); NULL without coordinates. */
export function distanceMilesSql(o: LatLng): SQL<number | null> {
  return sql<number | null>`(2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
    power(sin(radians(${posts.publicLatitude} - ${o.lat}::float8) / 2), 2)
    + cos(radians(${o.lat}::float8)) * cos(radians(${posts.publicLatitude}))
      * power(sin(radians(${posts.publicLongitude} - ${o.lng}::float8) / 2), 2)))))`;
}

/**
 * The miles (haversine, as distanceMilesSql) of a nearest-first order's key: the straight line
 * through the earth of earthdistance's sphere, so the same angle.
 */
export const knnMiles = (chordMetres: number): number =>
  2 * Math.asin(Math.min(1, chordMetres / (2 * EARTH_METRES))) * EARTH_RADIUS_MILES;

/** Nearest-first order that the GiST index on the public point serves (KNN). */
export function nearestOrderSql(o: LatLng): SQL {
  return sql`${publicEarth} <-> ${originEarth(o)}`;
}

/** The type filter alone: what the newest-first walk's index (posts_type_created_idx) serves. */
export const typeCondition = (f: Pick<PostFilters, 'type'>): SQL | undefined => (f.type ? eq(posts.type, f.type) : undefined);

/**
 * Listed: neither hidden by reports nor removed by an admin, and its owner not suspended (issue 19).
 * Every list, map and total shows only these, as map_cells and post_counts count only these
 * (migration 0013).
 */
export const visible = sql`(${posts.hiddenAt} IS NULL AND NOT ${posts.ownerSuspended})`;

/** The same test on a row already read. */
export const isListed = (row: { hiddenAt: Date | null; ownerSuspended: boolean }): boolean => row.hiddenAt === null && !row.ownerSuspended;

/** WHERE conditions for the filters of spec §5, all against indexed or generated columns; hidden posts never match. */
export function filterConditions(f: PostFilters, origin: LatLng): SQL | undefined {
  const where: (SQL | undefined)[] = [visible];
  if (f.type) where.push(eq(posts.type, f.type));
  if (f.q) where.push(searchMatches(f.q));
  if (f.status !== 'all') where.push(eq(posts.status, f.status));
  if (f.region !== 'all') where.push(eq(posts.region, f.region));
  if (f.amount !== 'all') {
    const patterns = AMOUNT_WORDS[f.amount].map((w) => `%${w}%`);
    where.push(sql`${posts.quantity} ILIKE ANY(${sql.raw(`ARRAY[${patterns.map((p) => `'${p}'`).join(',')}]`)})`);
  }
  if (f.distance !== 'all') {
    const miles = DISTANCE_MILES[f.distance];
    const boxMetres = (miles / EARTH_RADIUS_MILES) * EARTH_METRES * 1.01;
    where.push(sql`${posts.publicLatitude} IS NOT NULL`);
    // The box serves the GiST index. With words the search index narrows the posts instead (to
    // the circle's map cells, search.ts): the box would only cost its test on every match
    // (docs/decisions/0089), and the haversine alone decides.
    if (!f.q) where.push(sql`earth_box(${originEarth(origin)}, ${boxMetres}::float8) @> ${publicEarth}`);
    where.push(sql`${distanceMilesSql(origin)} <= ${miles}::float8`);
  }
  return and(...where);
}
