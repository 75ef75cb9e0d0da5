import { describe, expect, it } from 'vitest';
import { PLACES_MAX } from '../../../domain/places';
import { builtInGeocoder, LOCAL_MILES, normalise } from './built-in';
import { GAZETTEER } from './gazetteer';
import { readWorldPlaces } from './world';

describe('the built-in list', () => {
  const geocoder = builtInGeocoder();
  const names = async (query: string) => (await geocoder.search(query)).map((p) => p.name);

  it('finds a neighbourhood by the start of its name, without accents, case or punctuation', async () => {
    expect((await names('leslie'))[0]).toBe('Leslieville');
    expect(await names('ST LAWRENCE')).toContain('St. Lawrence');
    expect(await names('st-catharines')).toContain('St. Catharines');
    expect(normalise('Île d’Orléans')).toBe('ile d orleans');
  });

  it('answers with the name, where it is and its point', async () => {
    const [place] = await geocoder.search('Bobcaygeon');
    expect(place).toEqual({ name: 'Bobcaygeon', detail: 'Ontario', lat: 44.538, lng: -78.543 });
  });

  it('ranks a name beginning with the whole query first, then cities before neighbourhoods', async () => {
    const found = await names('scarborough');
    expect(found.slice(0, 2)).toEqual(['Scarborough', 'Scarborough Village']);
    expect((await names('toronto'))[0]).toBe('Toronto');
  });

  it('finds a place by another name people use', async () => {
    expect(await names('the danforth')).toEqual(['Greektown']);
    expect(await names('gta')).toEqual(['Greater Toronto Area']);
  });

  it('lets further words narrow by where the place is, but never match by it alone', async () => {
    expect(await names('thornhill vaughan')).toEqual(['Thornhill']);
    expect(await names('thornhill mississauga')).toEqual([]);
    // 'ontario' only names where places are: on its own it finds no place of Ontario, only the city of that name.
    expect(await geocoder.search('ontario')).toEqual([{ name: 'Ontario', detail: 'California, United States', lat: 34.0633, lng: -117.6509 }]);
  });

  it('answers at most PLACES_MAX places, and none for words it does not know', async () => {
    expect((await geocoder.search('b')).length).toBe(PLACES_MAX);
    expect(await geocoder.search('zzyzx')).toEqual([]);
    expect(await geocoder.search('  ,, ')).toEqual([]);
  });

  it('holds each place once, in Ontario', () => {
    const keys = GAZETTEER.map((e) => `${e.name}|${e.detail}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of GAZETTEER) {
      expect(e.lat, e.name).toBeGreaterThan(41.6);
      expect(e.lat, e.name).toBeLessThan(57);
      expect(e.lng, e.name).toBeGreaterThan(-95.2);
      expect(e.lng, e.name).toBeLessThan(-74.3);
    }
  });
});

describe("the built-in list beyond Ontario (0125)", () => {
  const fromToronto = builtInGeocoder();
  const fromVancouver = builtInGeocoder({ origin: { lat: 49.2827, lng: -123.1207 } });
  const found = async (geocoder: typeof fromToronto, query: string) => (await geocoder.search(query)).map((p) => `${p.name}, ${p.detail}`);

  it("finds Canada's towns and the world's cities, saying where they are", async () => {
    expect((await fromToronto.search('vancouver'))[0]).toEqual({ name: 'Vancouver', detail: 'British Columbia', lat: 49.2497, lng: -123.1193 });
    expect(await found(fromToronto, 'whistler')).toEqual(['Whistler, British Columbia']);
    expect(await found(fromToronto, 'lunenburg')).toContain('Lunenburg, Nova Scotia');
    expect(await found(fromToronto, 'albuquerque')).toEqual(['Albuquerque, New Mexico, United States']);
    expect(await found(fromToronto, 'lyon')).toContain('Lyon, France');
  });

  it('ranks places near the default origin first, then the farther ones by size', async () => {
    const london = await found(fromToronto, 'london');
    expect(london[0]).toBe('London, Ontario');
    expect(london[1]).toBe('London, United Kingdom');
    expect((await found(fromToronto, 'richmond'))[0]).toBe('Richmond Hill, Ontario');
    expect((await found(fromVancouver, 'richmond'))[0]).toBe('Richmond, British Columbia');
    // Two places of one name: the one near the deployment's origin first.
    expect((await found(fromVancouver, 'vancouver')).slice(0, 2)).toEqual(['Vancouver, British Columbia', 'Vancouver, Washington, United States']);
  });

  it("ranks a far home place by its size too, as the world list counts it", async () => {
    const fromHalifax = builtInGeocoder({ origin: { lat: 44.6488, lng: -63.5752 } });
    expect((await found(fromHalifax, 'barrie')).slice(0, 2)).toEqual(['Barrie, Ontario', 'Barrière, British Columbia']);
    expect((await found(fromVancouver, 'hamilton'))[0]).toBe('Hamilton, Ontario');
  });

  it('answers from the home list when the world list cannot be read, and says so once', async () => {
    const errors: string[] = [];
    const geocoder = builtInGeocoder({
      world: () => {
        throw new Error('gone');
      },
      log: { error: (_obj, msg) => void errors.push(msg) },
    });
    expect((await geocoder.search('leslie'))[0]).toMatchObject({ name: 'Leslieville' });
    expect(await geocoder.search('vancouver')).toEqual([]);
    expect(errors).toEqual(['The built-in list of places beyond the home area could not be read; place search answers from the home list']);
  });

  it('answers a place of the home list once, as the home list has it', async () => {
    expect((await found(fromToronto, 'mississauga')).filter((p) => p.startsWith('Mississauga,'))).toEqual(['Mississauga, Ontario']);
    expect((await found(fromToronto, 'toronto')).filter((p) => p.startsWith('Toronto,'))).toEqual(['Toronto, Ontario']);
    // Greater Sudbury is the home list's Sudbury under another name.
    expect(await found(fromToronto, 'greater sudbury')).toEqual(['Sudbury, Ontario']);
  });

  it('reads the world list once, at the first search', async () => {
    let reads = 0;
    const geocoder = builtInGeocoder({ world: () => (reads++, readWorldPlaces()) });
    expect(reads).toBe(0);
    await geocoder.search('paris');
    await geocoder.search('lyon');
    expect(reads).toBe(1);
  });

  const CANADA = new Set(['Alberta', 'British Columbia', 'Manitoba', 'New Brunswick', 'Newfoundland and Labrador', 'Nova Scotia', 'Ontario', 'Prince Edward Island', 'Quebec', 'Saskatchewan', 'Yukon', 'Northwest Territories', 'Nunavut']);

  it('holds real points, Canada whole and the world from 100,000 people, each name once where it is', () => {
    const world = readWorldPlaces();
    const keys = world.map((e) => `${e.name}|${e.detail}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(world.length).toBeGreaterThan(5000);
    for (const e of world) {
      expect(Math.abs(e.lat), e.name).toBeLessThanOrEqual(90);
      expect(Math.abs(e.lng), e.name).toBeLessThanOrEqual(180);
      expect(CANADA.has(e.detail) || (e.population ?? 0) >= 100_000, e.name).toBe(true);
    }
    expect(LOCAL_MILES).toBeGreaterThan(0);
  });
});
