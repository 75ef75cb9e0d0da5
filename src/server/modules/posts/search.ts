import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { gridOf, type Bbox, type Grid } from '../../../domain/map';
import { POST_TYPES, type PostFilters } from '../../../domain/posts';
import { posts } from '../../db/schema/index';

/**
 * Search by words with the filters in one index (docs/decisions/0071, migration 0007):
 * - `search_vector` holds a post's words (each field apart) and its filter tags; `search_phrase(q)`
 *   matches the search's words in order, each as a prefix (plural endings cut, searchWord): the
 *   exact condition, checked per row;
 * - the GIN index over `search_keys(…)` finds the candidates without reading the text: word
 *   prefixes by type, filter combinations (`~type/status/region/amount`, '*' for any) and the map
 *   cells of the post's public point at GEO_LEVELS.
 */

/** Grid levels whose cells are search keys (SQL search_keys): about 56, 14 and 3.5 km wide in Toronto. */
const GEO_LEVELS = [13, 11, 9] as const;
/** A box is named by its cells at the finest level where it spans at most this many per side. */
const GEO_MAX_SPAN = 4;

/** The exact condition of a search: its words, in order, in one field (NULL, so nothing, when it has none). */
export const searchMatches = (q: string): SQL => sql`${posts.searchVector} @@ search_phrase(${q})`;

const keysColumn = sql`search_keys(${posts.searchVector}, ${posts.publicLatitude}, ${posts.publicLongitude})`;

/** The filter combination key of search_keys, or null when no filter is set. */
export function comboKey(f: Pick<PostFilters, 'type' | 'status' | 'region' | 'amount'>): string | null {
  const parts = [
    f.type ?? '*',
    f.status === 'all' ? '*' : f.status,
    f.region === 'all' ? '*' : f.region,
    f.amount === 'all' ? '*' : f.amount,
  ];
  return parts.every((p) => p === '*') ? null : `~${parts.join('/')}`;
}

/** The keys of the map cells that cover a box, at the finest level where they are few; none for a huge box. */
export function cellKeys(box: Bbox | Grid): string[] {
  for (const level of GEO_LEVELS) {
    const g = 'level' in box ? coarsen(box, level) : gridOf(box, level - 2);
    if (!g || g.x1 - g.x0 >= GEO_MAX_SPAN || g.y1 - g.y0 >= GEO_MAX_SPAN) continue;
    const keys: string[] = [];
    for (let x = g.x0; x <= g.x1; x++) for (let y = g.y0; y <= g.y1; y++) keys.push(`~g${level}.${x}.${y}`);
    return keys;
  }
  return [];
}

/** A grid seen at a coarser level; null when the grid is coarser than `level`. */
function coarsen(g: Grid, level: number): Grid | null {
  const shift = g.level - level;
  if (shift < 0) return null;
  return { level, x0: g.x0 >> shift, x1: g.x1 >> shift, y0: g.y0 >> shift, y1: g.y1 >> shift };
}

const quote = (key: string) => `'${key.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A condition of the search index, and when the app can name them, the keys it asks for: a post
 * matches when it holds a key of every group (what key-estimates.ts estimates from).
 */
export interface IndexKeys extends SQLWrapper {
  groups: string[][] | null;
}

const indexKeys = (condition: SQL, groups: string[][] | null): IndexKeys => ({ getSQL: () => condition, groups });

/** A word's plural endings, with the least length of a word to lose each (SQL search_word, migration 0034). */
const PLURAL_ENDINGS: readonly { ending: RegExp; cut: number; minLength: number }[] = [
  { ending: /ies$/, cut: 3, minLength: 6 },
  { ending: /[^aeiou]y$/, cut: 1, minLength: 4 },
  { ending: /oes$/, cut: 2, minLength: 6 },
  { ending: /(?:ch|sh|ss|x|z)es$/, cut: 2, minLength: 5 },
  { ending: /[^su]s$/, cut: 1, minLength: 4 },
];

/**
 * The beginning a search for `word` (lower-cased) asks for, as SQL search_word cuts it: the first
 * plural ending that applies taken off a word of ASCII letters, so that a singular and its plural
 * ask for the same ('cherry' and 'cherries': 'cherr'); any other word as it is (docs/decisions/0141).
 */
export function searchWord(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  const rule = PLURAL_ENDINGS.find((r) => word.length >= r.minLength && r.ending.test(word));
  return rule ? word.slice(0, -rule.cut) : word;
}

/**
 * The words of a search as the index is asked for them (`to_tsvector('simple', q)`, each cut by
 * searchWord), when the app can tell: words of ASCII letters, or of digits, between spaces
 * (lower-cased, each once); null for anything else (hyphens, apostrophes, accents…), which only
 * PostgreSQL's parser says how it splits.
 */
export function plainWords(q: string): string[] | null {
  const words = q.toLowerCase().split(' ').filter(Boolean);
  return words.every((w) => /^(?:[a-z]+|[0-9]+)$/.test(w)) ? [...new Set(words.map(searchWord))] : null;
}

/**
 * The index condition for `f` (and, when given, the area `cells` covers): its words (each in the
 * filter's type, or any type), its filter combination and its area. Undefined when the filters
 * leave nothing for the index to narrow (no words, no filter but the type, no area).
 */
export function keysCondition(f: PostFilters, cells: readonly string[] = []): IndexKeys | undefined {
  const combo = comboKey({ ...f, type: f.q ? undefined : f.type });
  const tagGroups = [...(combo ? [[combo]] : []), ...(cells.length ? [[...cells]] : [])];
  const tags = tagGroups.map((group) => group.map(quote).join(' | '));
  if (f.q) {
    const types = f.type ? [f.type] : [...POST_TYPES];
    const words = plainWords(f.q);
    return indexKeys(
      sql`${keysColumn} @@ search_keys_query(${f.q}, ${sql.param(types)}::text[], ${sql.param(tags)}::text[])`,
      words && [...words.map((w) => types.map((t) => `${w.slice(0, 20)}|${t}`)), ...tagGroups],
    );
  }
  const onlyType = f.status === 'all' && f.region === 'all' && f.amount === 'all';
  if (tags.length === 0 || (onlyType && cells.length === 0)) return undefined;
  return indexKeys(sql`${keysColumn} @@ ${tags.map((t) => `(${t})`).join(' & ')}::tsquery`, tagGroups);
}

/** A match read from the heap costs about as much as this many entries of a posting list read (measured at 1M posts). */
const HEAP_READ = 33;

/**
 * Whether an area's cells are worth adding to a search's index condition, from the planner's
 * estimates of the words' matches anywhere (`alone`) and within the cells (`inCells`), among
 * `everywhere` posts: reading the cells' posting lists costs about their share of the posts (in a
 * city about half: 45 ms at 1M), each match they leave out one heap read (a rare word's 4,500
 * matches: 13 ms).
 */
export const cellsNarrow = (alone: number, inCells: number, everywhere: number): boolean =>
  alone === 0 || (alone - inCells) * HEAP_READ >= (inCells / alone) * everywhere;

/** Miles in a degree of latitude. */
const MILES_PER_DEGREE = 69.05;

const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));

/**
 * The bounding box of the circle of `miles` around `origin` as boxes within ±180°: one, or two
 * when the circle crosses the antimeridian (its part beyond it brought round to the other side).
 */
export function circleBoxes(origin: { lat: number; lng: number }, miles: number): Bbox[] {
  const dLat = miles / MILES_PER_DEGREE;
  const dLng = dLat / Math.max(0.01, Math.cos((origin.lat * Math.PI) / 180));
  const [west, east] = [origin.lng - dLng, origin.lng + dLng];
  const box = {
    west: clamp(west, 180),
    east: clamp(east, 180),
    south: clamp(origin.lat - dLat, 90),
    north: clamp(origin.lat + dLat, 90),
  };
  if (dLng >= 180) return [box];
  if (west < -180) return [box, { ...box, west: west + 360, east: 180 }];
  if (east > 180) return [box, { ...box, west: -180, east: east - 360 }];
  return [box];
}

/**
 * The keys of the map cells that cover the circle of `miles` around `origin` (its bounding box, on
 * both sides of the antimeridian); none when a side is too big to name by its cells.
 */
export function circleKeys(origin: { lat: number; lng: number }, miles: number): string[] {
  const sides = circleBoxes(origin, miles).map(cellKeys);
  return sides.some((keys) => keys.length === 0) ? [] : sides.flat();
}

/** The finest level whose cells are search keys. */
export const KEYED_LEVEL = GEO_LEVELS[0];

/** The search keys of cells at KEYED_LEVEL. */
export const keysOfCells = (cells: readonly { cx: number; cy: number }[]): string[] =>
  cells.map((c) => `~g${KEYED_LEVEL}.${c.cx}.${c.cy}`);
