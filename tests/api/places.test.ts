import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_SEARCH_RATE } from '../../src/server/modules/places/service';
import { startAppOn, useTestApp } from './helpers';

const ctx = useTestApp();
let address = 0;
/** Each test its own network address, so the per-address limit of one does not reach another. */
const from = () => `10.77.0.${++address}`;
const search = (q: string, remoteAddress = from()) =>
  ctx.app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}`, remoteAddress });

describe('GET /api/places with the built-in list (no GEOCODER_URL)', () => {
  it('finds neighbourhoods and towns by name, for anyone, and lets the browser keep the answer a while', async () => {
    const res = await search('leslie');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      places: [{ name: 'Leslieville', detail: 'Toronto, Ontario', lat: 43.6631, lng: -79.3329 }],
      source: 'built-in',
    });
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    expect((await search('huntsv')).json().places[0]).toMatchObject({ name: 'Huntsville', detail: 'Ontario' });
  });

  it("finds Canada's towns and the world's cities too, those near the deployment's DEFAULT_ORIGIN first (0125)", async () => {
    expect((await search('whistler')).json().places).toEqual([{ name: 'Whistler', detail: 'British Columbia', lat: 50.1182, lng: -122.954 }]);
    expect((await search('lyon')).json().places).toContainEqual({ name: 'Lyon', detail: 'France', lat: 45.7485, lng: 4.8467 });
    expect((await search('richmond')).json().places[0]).toMatchObject({ name: 'Richmond Hill', detail: 'Ontario' });
    const vancouver = await startAppOn(ctx, { defaultOrigin: { lat: 49.2827, lng: -123.1207, name: 'downtown Vancouver' } });
    const res = await vancouver.inject({ method: 'GET', url: '/api/places?q=richmond', remoteAddress: from() });
    expect(res.json().places[0]).toMatchObject({ name: 'Richmond', detail: 'British Columbia' });
  });

  it('answers an empty list for words it does not know', async () => {
    expect((await search('Atlantis')).json()).toEqual({ places: [], source: 'built-in' });
  });

  it.each([
    ['', 'Type at least 2 letters of a place or an address.'],
    [' a ', 'Type at least 2 letters of a place or an address.'],
    ['x'.repeat(101), 'A place search can be at most 100 characters.'],
  ])('refuses %j with 400 and a message', async (q, message) => {
    const res = await search(q);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a search without q', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/places', remoteAddress: from() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Type a place or an address to search for.');
  });

  it(`limits one address to ${PLACE_SEARCH_RATE.limit} searches a minute, with the time to wait`, async () => {
    const ip = from();
    for (let i = 0; i < PLACE_SEARCH_RATE.limit; i += 1) expect((await search(`to${i % 2 ? 'r' : ''}`, ip)).statusCode).toBe(200);
    const res = await search('toronto', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many place searches. Please try again in 1 minute.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search('toronto')).statusCode).toBe(200);
  });
});

describe('GET /api/places with GEOCODER_URL', () => {
  let server: Server;
  let base: string;
  let status = 200;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!);
      const body = status === 200 ? [{ lat: '43.6603', lon: '-79.3383', name: '', display_name: '12, Carlaw Avenue, Toronto, Ontario, Canada' }] : { error: 'down' };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers the geocoder's places; when it fails, the built-in list's, with one log line however many fail", async () => {
    const lines: string[] = [];
    const app = await startAppOn(
      ctx,
      { GEOCODER_URL: base, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    const get = (q: string) => app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}`, remoteAddress: from() });

    status = 200;
    const found = await get('12 Carlaw Ave');
    expect(found.json()).toEqual({
      places: [{ name: '12 Carlaw Avenue', detail: 'Toronto, Ontario, Canada', lat: 43.6603, lng: -79.3383 }],
      source: 'geocoder',
    });
    expect(new URL(asked.at(-1)!, base).searchParams.get('q')).toBe('12 Carlaw Ave');

    status = 503;
    const fallback = await get('riverdale');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json()).toEqual({
      places: [{ name: 'Riverdale', detail: 'Toronto, Ontario', lat: 43.668, lng: -79.352 }],
      source: 'built-in',
    });
    await get('leaside');
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => String(l.msg).startsWith('The geocoder'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toBe('The geocoder (GEOCODER_URL) failed; place search answers from the built-in list');

    // What was searched for never reaches the request log.
    const urls = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request').map((l) => l.url);
    expect(urls).toContain('/api/places?q=REDACTED');
    expect(lines.join('\n')).not.toContain('Carlaw');
  });
});
