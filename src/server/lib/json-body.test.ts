import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { acceptsGzip, COMPRESS_FROM, JsonBody, sendJsonBody } from './json-body';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['*', true],
    ['br, *;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['br, deflate', false],
    ['identity', false],
    ['gzip;q=abc', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('JsonBody', () => {
  it('compresses once, however often it is asked', () => {
    const body = new JsonBody(Buffer.from(JSON.stringify({ a: 'x'.repeat(5000) })));
    const first = body.gzip();
    expect(body.gzip()).toBe(first);
    expect(gunzipSync(first).equals(body.bytes)).toBe(true);
  });
});

describe('sendJsonBody', () => {
  const big = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: 'Apples' }))));
  const small = Buffer.from('{"ok":true}');
  async function appSending(body: JsonBody | Buffer) {
    const app = Fastify();
    app.get('/', (request, reply) => sendJsonBody(request, reply, body));
    await app.ready();
    return app;
  }

  it('gzips a big body for a client that takes gzip, and says it varies by Accept-Encoding', async () => {
    expect(big.length).toBeGreaterThanOrEqual(COMPRESS_FROM);
    const app = await appSending(big);
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(big.length / 4);
    expect(gunzipSync(res.rawPayload).equals(big)).toBe(true);
    await app.close();
  });

  it('sends the bytes as they are to a client without gzip, still with Vary', async () => {
    const app = await appSending(big);
    const res = await app.inject({ url: '/' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.rawPayload.equals(big)).toBe(true);
    await app.close();
  });

  it('never compresses a small body', async () => {
    const app = await appSending(small);
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });

  it('adds to a Vary header already set', async () => {
    const app = Fastify();
    app.get('/', (request, reply) => sendJsonBody(request, reply.header('vary', 'origin'), big));
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.vary).toBe('origin, accept-encoding');
    await app.close();
  });

  it('answers a failed compression as a plain JSON error, not labelled gzip', async () => {
    const body = new JsonBody(big);
    vi.spyOn(body, 'gzip').mockImplementationOnce(() => {
      throw new Error('zlib failed');
    });
    const app = await appSending(body);
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(() => res.json()).not.toThrow();
    const retry = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(retry.rawPayload).equals(big)).toBe(true);
    await app.close();
  });

  it('reuses the gzip of a kept JsonBody across requests', async () => {
    const body = new JsonBody(big);
    const gzip = vi.spyOn(body, 'gzip');
    const app = await appSending(body);
    const a = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    const b = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(gzip).toHaveBeenCalledTimes(2);
    expect(gzip.mock.results[0]!.value).toBe(gzip.mock.results[1]!.value);
    await app.close();
  });
});
