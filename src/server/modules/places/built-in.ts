import { haversineMiles, HOME_ORIGIN, type LatLng } from '../../../domain/geo';
import { PLACES_MAX, type Place } from '../../../domain/places';
import { GAZETTEER, type GazetteerEntry, type PlaceKind } from './gazetteer';
import type { Geocoder } from './geocoder';
import { readWorldPlaces } from './world';

/** Lower case, without accents or punctuation: 'St. Lawrence' → 'st lawrence'. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const wordsOf = (text: string): string[] => normalise(text).split(' ').filter(Boolean);

/** A city before a town before an area before a neighbourhood, when they match alike. */
const KIND_RANK: Record<PlaceKind, number> = { city: 0, town: 1, area: 2, neighbourhood: 3 };

/** A place this near the default origin is local: it ranks before farther ones that match alike. */
export const LOCAL_MILES = 300;
/** A place of the world's list this near a home entry of the same name is that entry again. */
const SAME_PLACE_MILES = 15;

interface Indexed {
  entry: GazetteerEntry;
  /** The name's words, then each alias's. */
  names: string[][];
  detail: string[];
  local: boolean;
  /** The entry's, or for a home entry the world list's figure for the same place (0125). */
  population: number;
}

/**
 * How well an entry answers the query's words, 0 for not at all: each word must begin a word of
 * the entry's name (or of an alias), or, once one does, of its detail ('leslieville toronto').
 * A name that begins with the whole query ranks first, then a name that holds every word.
 */
function score(item: Indexed, query: string[]): number {
  let best = 0;
  for (const name of item.names) {
    const inName = query.filter((word) => name.some((w) => w.startsWith(word)));
    if (inName.length === 0) continue;
    const rest = query.filter((word) => !inName.includes(word));
    if (!rest.every((word) => item.detail.some((w) => w.startsWith(word)))) continue;
    const whole = query.join(' ');
    const s = name.join(' ').startsWith(whole) ? 3 : rest.length === 0 ? 2 : 1;
    best = Math.max(best, s);
  }
  return best;
}

/**
 * Among places that match alike, local ones first, by kind then name (the home list's order);
 * then the others, the most populous first.
 */
function rank(a: { item: Indexed; score: number }, b: { item: Indexed; score: number }): number {
  const [x, y] = [a.item, b.item];
  return (
    b.score - a.score ||
    Number(y.local) - Number(x.local) ||
    (x.local ? KIND_RANK[x.entry.kind] - KIND_RANK[y.entry.kind] : y.population - x.population) ||
    x.entry.name.localeCompare(y.entry.name)
  );
}

/**
 * The world's entries that are not a home entry again (the same name, within SAME_PLACE_MILES).
 * A home entry the world list has too takes its population, so far from the home area it ranks
 * by size as the others do ('hamilton' from Vancouver: Hamilton, Ontario before Hamilton, New Zealand).
 */
function newTo(home: readonly Indexed[], world: readonly GazetteerEntry[]): GazetteerEntry[] {
  const byName = new Map<string, Indexed[]>();
  for (const item of home) for (const name of item.names) byName.set(name.join(' '), [...(byName.get(name.join(' ')) ?? []), item]);
  return world.filter((e) => {
    const same = (byName.get(normalise(e.name)) ?? []).find((item) => haversineMiles(item.entry, e) <= SAME_PLACE_MILES);
    if (same) same.population = Math.max(same.population, e.population ?? 0);
    return !same;
  });
}

export interface BuiltInOptions {
  /** The hand-made list of the home area (gazetteer.ts). */
  home?: readonly GazetteerEntry[];
  /** The world's list (world.ts), read at the first search: an app that never searches never reads it. */
  world?: () => readonly GazetteerEntry[];
  /** Where distances are measured from by default (DEFAULT_ORIGIN): places near it rank first. */
  origin?: LatLng;
  /** Told once when the world's list cannot be read (the home list still answers). */
  log?: { error(obj: object, msg: string): void };
}

/**
 * The built-in list (docs/decisions/0120, 0125): the home area's places, then Canada's and the
 * world's cities, searched in memory.
 */
export function builtInGeocoder({ home = GAZETTEER, world = readWorldPlaces, origin = HOME_ORIGIN, log }: BuiltInOptions = {}): Geocoder {
  const index = (entries: readonly GazetteerEntry[]): Indexed[] =>
    entries.map((entry) => ({
      entry,
      names: [entry.name, ...(entry.aliases ?? [])].map(wordsOf),
      detail: wordsOf(entry.detail),
      local: haversineMiles(origin, entry) <= LOCAL_MILES,
      population: entry.population ?? 0,
    }));
  let indexed: Indexed[] | null = null;
  const worldOrNone = (): readonly GazetteerEntry[] => {
    try {
      return world();
    } catch (err) {
      log?.error({ err }, 'The built-in list of places beyond the home area could not be read; place search answers from the home list');
      return [];
    }
  };
  const all = (): Indexed[] => {
    if (indexed) return indexed;
    const own = index(home);
    indexed = [...own, ...index(newTo(own, worldOrNone()))];
    return indexed;
  };
  return {
    async search(query): Promise<Place[]> {
      const words = wordsOf(query);
      if (words.length === 0) return [];
      return all()
        .map((item) => ({ item, score: score(item, words) }))
        .filter((m) => m.score > 0)
        .sort(rank)
        .slice(0, PLACES_MAX)
        .map(({ item: { entry } }) => ({ name: entry.name, detail: entry.detail, lat: entry.lat, lng: entry.lng }));
    },
  };
}
