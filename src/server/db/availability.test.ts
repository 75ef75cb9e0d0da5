import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { connectionFailure, isDatabaseUnavailable, warnUnlessUnavailable } from './availability';

function pgError(code: string, message = 'failed'): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
}

function socketError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a host that cannot be found', socketError('ENOTFOUND')],
    ['the server killed under the connection (57P01)', pgError('57P01', 'terminating connection due to unexpected postmaster exit')],
    ['the server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300')],
    ['a full disk (53100)', pgError('53100')],
    ['a connection exception (08006)', pgError('08006')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['no connection free within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['a refusal wrapped by Drizzle', new DrizzleQueryError('SELECT 1', [], socketError('ECONNREFUSED'))],
    ['a refusal behind an AppError', new AppError('INTERNAL', 'Saving failed.', { cause: socketError('ECONNREFUSED') })],
    ['every address refused', new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], 'connect failed')],
  ])('is true for %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a cancelled statement', pgError('57014')],
    ['a failed query wrapped by Drizzle', new DrizzleQueryError('SELECT 1', [], pgError('22P02'))],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('connectionFailure', () => {
  it('says why in one line, with the code once', () => {
    expect(connectionFailure(socketError('ECONNREFUSED'))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(connectionFailure(pgError('57P01', 'terminating connection'))).toBe('57P01 terminating connection');
    expect(connectionFailure(new AggregateError([socketError('ECONNREFUSED')], ''))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(connectionFailure(undefined)).toBe('the connection ended');
  });
});

describe('warnUnlessUnavailable', () => {
  const logged = (err: unknown) => {
    const lines: [object, string][] = [];
    warnUnlessUnavailable({ warn: (obj, msg) => lines.push([obj, msg]) }, err, { job: 'sweep' }, 'the sweep failed');
    return lines;
  };

  it('says nothing of the database being away, which the health monitor reports once', () => {
    expect(logged(new DrizzleQueryError('DELETE FROM rate_limits', [], socketError('ECONNRESET')))).toEqual([]);
    expect(logged(pgError('57P01', 'terminating connection'))).toEqual([]);
  });

  it('warns of any other failure, with the error and the fields', () => {
    const err = pgError('23505');
    expect(logged(err)).toEqual([[{ err, job: 'sweep' }, 'the sweep failed']]);
  });
});
