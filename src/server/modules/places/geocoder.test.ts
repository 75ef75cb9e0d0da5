import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACES_MAX } from '../../../domain/places';
import { httpGeocoder } from './geocoder';

describe('a Nominatim-style geocoder', () => {
  let server: Server;
  let base: string;
  const seen: IncomingMessage[] = [];
  let answer: (res: ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      answer(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (body: unknown, status = 200) => (res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it('asks /search with the words, a JSON format and a limit, keeps a key of the URL, and names itself', async () => {
    answer = json([]);
    await httpGeocoder(`${base}/v1/?key=secret-key`, 'free-fruit-test/1.0').search('12 Carlaw Ave');
    const url = new URL(seen.at(-1)!.url!, base);
    expect(url.pathname).toBe('/v1/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'secret-key',
      q: '12 Carlaw Ave',
      format: 'jsonv2',
      limit: String(PLACES_MAX),
    });
    expect(seen.at(-1)!.headers['user-agent']).toBe('free-fruit-test/1.0');
  });

  it('turns its results into places: a name, then where it is; an address by its number and street', async () => {
    answer = json([
      { lat: '43.6631', lon: '-79.3329', name: 'Leslieville', display_name: 'Leslieville, Old Toronto, Toronto, Ontario, Canada' },
      { lat: '43.6603', lon: '-79.3383', name: '', display_name: '12, Carlaw Avenue, South Riverdale, Toronto, Ontario, M4M 2R6, Canada' },
      { lat: 45.4, lon: -75.7, display_name: 'Ottawa, Eastern Ontario, Ontario, Canada' },
    ]);
    expect(await httpGeocoder(base, 'ua').search('x')).toEqual([
      { name: 'Leslieville', detail: 'Old Toronto, Toronto, Ontario, Canada', lat: 43.6631, lng: -79.3329 },
      { name: '12 Carlaw Avenue', detail: 'South Riverdale, Toronto, Ontario, M4M 2R6, Canada', lat: 43.6603, lng: -79.3383 },
      { name: 'Ottawa', detail: 'Eastern Ontario, Ontario, Canada', lat: 45.4, lng: -75.7 },
    ]);
  });

  it('fails on an error status, an answer that is not a list of places, and silence', async () => {
    const geocoder = httpGeocoder(base, 'ua');
    answer = json({ error: 'rate limited' }, 429);
    await expect(geocoder.search('x')).rejects.toThrow('the geocoder answered 429');
    answer = json({ error: 'not a list' });
    await expect(geocoder.search('x')).rejects.toThrow();
    answer = json([{ lat: 'north', lon: '-79', display_name: 'Somewhere' }]);
    await expect(geocoder.search('x')).rejects.toThrow();
    answer = () => undefined; // never answers
    const started = Date.now();
    await expect(httpGeocoder(base, 'ua', 300).search('x')).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
