import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serializeError, urlForLog } from './log';

describe('urlForLog', () => {
  it.each([
    ['/api/posts', '/api/posts'],
    ['/api/posts?type=fruit', '/api/posts?type=fruit'],
    ['/api/posts?near=43.7,-79.4', '/api/posts?near=REDACTED'],
    ['/api/posts?type=fruit&near=43.7%2C-79.4&distance=1mile', '/api/posts?type=fruit&near=REDACTED&distance=1mile'],
    ['/api/posts?ne%61r=43.7,-79.4', '/api/posts?ne%61r=REDACTED'],
    ['/api/posts?near', '/api/posts?near=REDACTED'],
    ['/api/posts?nearby=1&anear=2', '/api/posts?nearby=1&anear=2'],
    ['/api/posts?distance=5miles&cursor=WyJkIiwxMjMuNCwiYWJjIl0', '/api/posts?distance=5miles&cursor=REDACTED'],
    ['/api/posts?%E0%A4%A=1', '/api/posts?%E0%A4%A=1'],
    ['/api/posts?q=apples', '/api/posts?q=apples'],
    ['/api/places?q=12%20Carlaw%20Ave', '/api/places?q=REDACTED'],
    ['/api/places?%71=12+Carlaw+Ave&near=43.7,-79.4', '/api/places?%71=REDACTED&near=REDACTED'],
    // The link that stops message mail never expires (0138): its signature stays out of the logs.
    ['/api/mail/stop?u=3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b&t=Z6oRTqKUtkhOGQ-Hqr8L6ZblQuHNa0C4DbuSQC30zD4', '/api/mail/stop?u=3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b&t=REDACTED'],
    ['/mail/stop?u=3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b&t=Z6oRTqKUtkhOGQ-Hqr8L6ZblQuHNa0C4DbuSQC30zD4', '/mail/stop?u=3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b&t=REDACTED'],
  ])('%s -> %s', (url, logged) => {
    expect(urlForLog(url)).toBe(logged);
  });
});

describe('serializeError', () => {
  it('logs ordinary errors as pino does', () => {
    const logged = serializeError(new TypeError('boom'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom' });
  });

  it('logs a failed query, bare or wrapped, without its parameters', () => {
    const cause = Object.assign(new pg.DatabaseError('relation "x" does not exist', 0, 'error'), { code: '42P01' });
    const query = new DrizzleQueryError('select $1', ['SECRET-PARAM'], cause);
    expect(serializeError(query)).toMatchObject({ type: 'DatabaseError', code: '42P01', message: 'relation "x" does not exist' });
    const wrapped = serializeError(new Error('Saving failed.', { cause: query }));
    expect(wrapped).toMatchObject({ type: 'Error', message: 'Saving failed.', cause: { code: '42P01' } });
    expect(JSON.stringify([serializeError(query), wrapped])).not.toContain('SECRET-PARAM');
  });
});
