import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import errorsPlugin from '../../src/server/plugins/errors';
import { AppError } from '../../src/server/errors';
import { buildApp } from '../../src/server/app';
import { uniqueEmail, useTestApp } from './helpers';

const ctx = useTestApp();

describe('error plugin', () => {
  it('never shows internals in a 5xx', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    app.get('/teapot', async () => {
      throw new AppError('CONFLICT', 'Already done.');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    const conflict = await app.inject({ method: 'GET', url: '/teapot' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'Already done.' });
    await app.close();
  });
});

describe('request logs', () => {
  it('write one line per request without cookies or passwords', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...ctx.config, LOG_LEVEL: 'info' },
      database: ctx.database,
      webRoot: '/nonexistent',
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const password = 'VerySecretPassword!';
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Log', email: uniqueEmail(), password }, remoteAddress: '10.1.0.1' });
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${token}` } });
    await app.close();
    const requestLines = lines.filter((l) => JSON.parse(l).msg === 'request');
    expect(requestLines).toHaveLength(2);
    expect(JSON.parse(requestLines[0]!)).toMatchObject({ method: 'POST', url: '/api/auth/register', status: 201 });
    const all = lines.join('\n');
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
  });
});

/** An app whose log lines land in `lines`; `extra` may add routes before it is ready. */
async function loggingApp(lines: string[], extra?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...ctx.config, LOG_LEVEL: 'info' },
    database: ctx.database,
    webRoot: '/nonexistent',
    logStream: { write: (line: string) => void lines.push(line) },
  });
  extra?.(app);
  return app;
}

describe('failed queries in the logs', () => {
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE0123456789abcdefghij';
  const EMAIL = 'hidden.person@example.com';

  it('keep the driver code, message and route, never the parameters', async () => {
    const lines: string[] = [];
    const app = await loggingApp(lines, (a) => {
      // A failing query with a password hash and an email among its parameters, as a sign-up would send.
      a.post('/test/failing-insert', async () => a.db.execute(sql`INSERT INTO no_such_table (hash, email) VALUES (${HASH}, ${EMAIL})`));
      // A data exception: PostgreSQL repeats the bad input inside its own message.
      a.get('/test/bad-cast', async () => a.db.execute(sql`SELECT ${EMAIL}::uuid`));
    });
    const insert = await app.inject({ method: 'POST', url: '/test/failing-insert', payload: {} });
    const cast = await app.inject({ method: 'GET', url: '/test/bad-cast' });
    await app.close();

    for (const res of [insert, cast]) {
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error' });
    }
    const all = lines.join('\n');
    expect(all).not.toContain('SECRETHASHVALUE');
    expect(all).not.toContain('hidden.person');
    expect(all).not.toContain('c2VjcmV0c2FsdA');
    expect(all).not.toMatch(/params:/);
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ route: 'POST /test/failing-insert', err: { type: 'DatabaseError', code: '42P01', message: 'relation "no_such_table" does not exist' } });
    expect(errors[1]).toMatchObject({ route: 'GET /test/bad-cast', err: { type: 'DatabaseError', code: '22P02' } });
    expect(errors[1].err.message).toMatch(/^invalid input syntax for type uuid/);
  });

  it('leave parameters out of an error that wraps a failed query, too', async () => {
    const lines: string[] = [];
    const app = await loggingApp(lines);
    try {
      await app.db.execute(sql`SELECT ${HASH}::int`);
    } catch (cause) {
      app.log.error({ err: new AppError('INTERNAL', 'Saving failed.', { cause }) }, 'wrapped');
      app.log.error(cause as Error);
    }
    await app.close();
    const all = lines.join('\n');
    expect(all).toContain('Saving failed.');
    expect(all).toContain('22P02');
    expect(all).not.toContain('SECRETHASHVALUE');
  });
});

describe('the request log line', () => {
  it("never holds the viewer's location", async () => {
    const lines: string[] = [];
    const app = await loggingApp(lines);
    await app.inject({ method: 'GET', url: '/api/posts?distance=1mile&near=43.712345,-79.398765&type=fruit' });
    await app.inject({ method: 'GET', url: '/api/posts?ne%61r=43.712345%2C-79.398765' });
    await app.inject({ method: 'GET', url: '/api/posts/00000000-0000-4000-8000-000000000000?near=43.712345,-79.398765' });
    await app.close();
    const urls = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request').map((l) => l.url);
    expect(urls).toEqual([
      '/api/posts?distance=1mile&near=REDACTED&type=fruit',
      '/api/posts?ne%61r=REDACTED',
      '/api/posts/00000000-0000-4000-8000-000000000000?near=REDACTED',
    ]);
    expect(lines.join('\n')).not.toContain('43.712345');
  });

  it('leaves a passing health probe out of the info log', async () => {
    const lines: string[] = [];
    const app = await loggingApp(lines);
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/ready' });
    await app.inject({ method: 'GET', url: '/api/session' });
    await app.close();
    const urls = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request').map((l) => l.url);
    expect(urls).toEqual(['/api/session']);
  });
});

