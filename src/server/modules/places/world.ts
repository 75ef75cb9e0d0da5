import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GazetteerEntry } from './gazetteer';

/**
 * The built-in list beyond the home area (docs/decisions/0125): every place of Canada GeoNames
 * lists and the world's cities of 100,000 people or more, written by `scripts/places-world.ts`.
 */
export const WORLD_PLACES_FILE = fileURLToPath(new URL('./world-places.json', import.meta.url));

export interface WorldPlaces {
  /** Where the places come from, and their licence (CC BY 4.0: say so). */
  source: string;
  /** Which places were kept. */
  rule: string;
  places: Array<[name: string, detail: string, lat: number, lng: number, population: number]>;
}

/** A place of this size is a city when ranked beside the home list's; a smaller one a town. */
const CITY_POPULATION = 100_000;

/** The world's list as entries of the built-in list, read from its file. */
export function readWorldPlaces(file = WORLD_PLACES_FILE): GazetteerEntry[] {
  const { places } = JSON.parse(readFileSync(file, 'utf8')) as WorldPlaces;
  return places.map(([name, detail, lat, lng, population]) => ({
    name,
    detail,
    lat,
    lng,
    population,
    kind: population >= CITY_POPULATION ? 'city' : 'town',
  }));
}
