import type { InjectOptions } from 'fastify';
import net from 'node:net';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerMember, useTestApp } from './helpers';

/**
 * One shape for every error answer (docs/decisions/0077): `{ message }`, with `errors` for invalid
 * fields and `retryAfter` when waiting helps, never Fastify's `statusCode`, `code` or `error`.
 */
const ctx = useTestApp();
const ALLOWED = new Set(['message', 'errors', 'retryAfter']);

function expectShape(body: unknown, what: string): void {
  expect(body, what).toBeTypeOf('object');
  const fields = body as Record<string, unknown>;
  expect(Object.keys(fields).filter((k) => !ALLOWED.has(k)), what).toEqual([]);
  expect(fields.message, what).toBeTypeOf('string');
  expect((fields.message as string).length, what).toBeGreaterThan(0);
}

const login = (payload: string, contentType = 'application/json'): InjectOptions => ({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'content-type': contentType },
  payload,
  remoteAddress: '10.61.0.1',
});

describe('errors Fastify raises itself', () => {
  it.each<[string, number, string, InjectOptions]>([
    ['a bad % escape in the path', 400, 'The address of this request is not valid.', { method: 'GET', url: '/api/posts/%E0%A4%A' }],
    ['a bad % escape at the root', 400, 'The address of this request is not valid.', { method: 'GET', url: '/%' }],
    ['an empty JSON body', 400, 'The request body is empty.', login('')],
    ['malformed JSON', 400, 'The request body is not valid JSON.', login('{"email":')],
    ['a JSON body poisoning the prototype', 400, 'The request body is not valid JSON.', login('{"__proto__":{"admin":true}}')],
    ['a body over the limit', 413, 'The upload is too large.', login(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }))],
    ['an unsupported media type', 415, 'Unsupported content type.', login('email=a', 'text/csv')],
    ['an unknown route', 404, 'No route for GET /api/no-such-route', { method: 'GET', url: '/api/no-such-route' }],
    ['a parameter over the length limit', 414, 'The address of this request is too long.', { method: 'GET', url: `/api/posts/${'a'.repeat(120)}` }],
  ])('%s: %i { message }', async (what, status, message, request) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode, res.body).toBe(status);
    expectShape(res.json(), what);
    expect(res.json().message).toBe(message);
  });

  it('answers schema failures 400 with each field in errors', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'A' }, remoteAddress: '10.61.0.2' });
    expect(res.statusCode).toBe(400);
    expectShape(res.json(), 'schema failure');
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.any(String), message: expect.any(String) })]));
  });

  it('adds retryAfter, as the Retry-After header, to a 429', async () => {
    const member = await registerMember(ctx.app);
    const wrong = login(JSON.stringify({ email: member.email, password: 'wrong-password' }));
    let res = await ctx.app.inject(wrong);
    for (let i = 0; i < 30 && res.statusCode !== 429; i++) res = await ctx.app.inject(wrong);
    expect(res.statusCode).toBe(429);
    expectShape(res.json(), '429');
    expect(res.json().retryAfter).toBe(Number(res.headers['retry-after']));
  });
});

/** Raw bytes to a listening app, for what Node's HTTP parser refuses before Fastify sees a request. */
async function rawExchange(port: number, bytes: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  socket.write(bytes);
  await once(socket, 'close');
  return received;
}

describe('requests the HTTP parser cannot read', () => {
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
    ['headers over the size limit', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('%s: %i { message }', async (what, bytes, status) => {
    const answer = await rawExchange(port, bytes);
    expect(answer, what).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expectShape(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), what);
  });
});
