import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
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
