import { z } from 'zod';
import { PLACES_MAX, type Place } from '../../../domain/places';

/** Finds places by what a person typed (docs/decisions/0120). */
export interface Geocoder {
  search(query: string): Promise<Place[]>;
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
