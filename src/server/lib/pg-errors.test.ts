import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeDbError, findDbError, isForeignKeyViolation, isUniqueViolation, pgErrorCode } from './pg-errors';

function pgError(code: string, message: string, extra: Partial<pg.DatabaseError> = {}): pg.DatabaseError {
  const err = new pg.DatabaseError(message, 0, 'error');
  return Object.assign(err, { code, severity: 'ERROR', ...extra });
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$SECRETHASH';
const EMAIL = 'ann@example.com';

describe('pg errors', () => {
  it('find the SQLSTATE whether pg’s error comes bare or wrapped by Drizzle', () => {
    const unique = pgError('23505', 'duplicate key value violates unique constraint "users_email_unique"');
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation(new DrizzleQueryError('INSERT …', [EMAIL], unique))).toBe(true);
    expect(isForeignKeyViolation(new DrizzleQueryError('INSERT …', [], pgError('23503', 'fk')))).toBe(true);
    expect(isForeignKeyViolation(unique)).toBe(false);
    expect(pgErrorCode(new Error('23505'))).toBeUndefined();
    expect(pgErrorCode({ code: '23505' })).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });

  it('find a failed query behind an error that wraps it', () => {
    const query = new DrizzleQueryError('SELECT 1', [], pgError('57014', 'canceling statement'));
    expect(findDbError(new Error('outer', { cause: query }))).toBe(query);
    expect(findDbError(new Error('plain'))).toBeNull();
  });

  it('describe a failed query without its parameters, SQL or detail', () => {
    const cause = pgError('23505', `duplicate key value violates unique constraint "users_email_unique"`, {
      detail: `Key (lower(email))=(${EMAIL}) already exists.`,
      table: 'users',
      constraint: 'users_email_unique',
      routine: '_bt_check_unique',
    });
    const err = new DrizzleQueryError('insert into "users" ("hash", "email") values ($1, $2)', [HASH, EMAIL], cause);
    const logged = describeDbError(err);
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
      table: 'users',
      constraint: 'users_email_unique',
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('SECRETHASH');
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('insert into');
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('redact the inputs PostgreSQL quotes in data exceptions and any parameter in the message', () => {
    const cast = describeDbError(new DrizzleQueryError('SELECT $1::uuid', ['x'], pgError('22P02', 'invalid input syntax for type uuid: "not-a-uuid"')));
    expect(cast.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    const echoed = describeDbError(new DrizzleQueryError('SELECT …', [EMAIL, 43.6532], pgError('P0001', `raised for ${EMAIL} at 43.6532`)));
    expect(echoed.message).toBe('raised for [redacted] at [redacted]');
  });
});
