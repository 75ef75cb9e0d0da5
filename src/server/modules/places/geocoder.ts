import { z } from 'zod';
import { PLACES_MAX, type Place } from '../../../domain/places';
import { GAZETTEER, type GazetteerEntry, type PlaceKind } from './gazetteer';

/** Finds places by what a person typed (docs/decisions/0120). */
export interface Geocoder {
  search(query: string): Promise<Place[]>;
}

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

interface Indexed {
  entry: GazetteerEntry;
  /** The name's words, then each alias's. */
  names: string[][];
  detail: string[];
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

/** The built-in list: the app's home area, searched in memory (about 200 entries). */
export function builtInGeocoder(entries: readonly GazetteerEntry[] = GAZETTEER): Geocoder {
  const indexed: Indexed[] = entries.map((entry) => ({
    entry,
    names: [entry.name, ...(entry.aliases ?? [])].map(wordsOf),
    detail: wordsOf(entry.detail),
  }));
  return {
    async search(query) {
      const words = wordsOf(query);
      if (words.length === 0) return [];
      return indexed
        .map((item) => ({ item, score: score(item, words) }))
        .filter((m) => m.score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            KIND_RANK[a.item.entry.kind] - KIND_RANK[b.item.entry.kind] ||
            a.item.entry.name.localeCompare(b.item.entry.name),
        )
        .slice(0, PLACES_MAX)
        .map(({ item: { entry } }) => ({ name: entry.name, detail: entry.detail, lat: entry.lat, lng: entry.lng }));
    },
  };
}

/** What a Nominatim-style `/search?format=jsonv2` answers, as far as it is read. */
const NominatimResults = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string().min(1),
    name: z.string().optional(),
  }),
);

export const GEOCODER_TIMEOUT_MS = 4_000;

/**
 * A geocoder with Nominatim's search API at `baseUrl` (Nominatim itself, or a provider with the
 * same API, a key in the URL's query kept): `baseUrl/search?q=…&format=jsonv2&limit=8`. Rejects
 * when it cannot be reached, answers an error, is slower than GEOCODER_TIMEOUT_MS, or answers
 * something else than a list of places.
 * `timeoutMs` (GEOCODER_TIMEOUT_MS) is how long it waits.
 */
export function httpGeocoder(baseUrl: string, userAgent: string, timeoutMs = GEOCODER_TIMEOUT_MS): Geocoder {
  return {
    async search(query) {
      const url = new URL(baseUrl);
      url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', String(PLACES_MAX));
      const res = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`the geocoder answered ${res.status}`);
      const results = NominatimResults.parse(await res.json());
      return results.slice(0, PLACES_MAX).map(placeOf);
    },
  };
}

/**
 * 'Leslieville, Old Toronto, Toronto, Ontario, M4M, Canada' → its name, then the rest; an address
 * without a name ('12, Carlaw Avenue, …') is named by its number and street.
 */
function placeOf(result: z.infer<typeof NominatimResults>[number]): Place {
  const parts = result.display_name.split(',').map((part) => part.trim()).filter(Boolean);
  const named = result.name?.trim();
  if (named) return { name: named, detail: (parts[0] === named ? parts.slice(1) : parts).join(', '), lat: result.lat, lng: result.lon };
  const head = /^\d+\w?$/.test(parts[0]!) && parts.length > 1 ? 2 : 1;
  return { name: parts.slice(0, head).join(' '), detail: parts.slice(head).join(', '), lat: result.lat, lng: result.lon };
}
