import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/** The SQLSTATEs the app reacts to (PostgreSQL manual, appendix A). */
export const PG_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** A failed query: pg's DatabaseError, or Drizzle's DrizzleQueryError wrapping it. */
export type DbError = pg.DatabaseError | DrizzleQueryError;

/** The first database error in `err` and its causes, or null. */
export function findDbError(err: unknown): DbError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DrizzleQueryError || e instanceof pg.DatabaseError) return e;
  }
  return null;
}

/** pg's own error in `err`, whether it arrives bare or wrapped by Drizzle. */
function driverError(err: unknown): pg.DatabaseError | undefined {
  const db = findDbError(err);
  const driver = db instanceof DrizzleQueryError ? db.cause : db;
  return driver instanceof pg.DatabaseError ? driver : undefined;
}

/** The SQLSTATE of a failed query, whether pg's error arrives bare or wrapped by Drizzle. */
export const pgErrorCode = (err: unknown): string | undefined => driverError(err)?.code;

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === PG_CODES.uniqueViolation;
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === PG_CODES.foreignKeyViolation;

/** What the logs keep of a failed query: never its parameters, its `detail` or its SQL text. */
export type LoggedDbError = {
  type: 'DatabaseError';
  code?: string;
  message: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  /** The frames only: Drizzle's first stack line is its message, with every parameter. */
  stack: string;
};

const REDACTED = '[redacted]';

/**
 * A failed query, safe to log. Drizzle's own message and stack start with the SQL and every
 * parameter (an argon2 hash, an email, a viewer's location), and pg's `detail` repeats key values
 * ('Key (email)=(…) already exists'), so only the driver's code and message are kept, with
 * parameters that appear in that message redacted, as are the quoted inputs of data exceptions
 * (class 22: 'invalid input syntax for type uuid: "…"'). The stack keeps only its frames.
 */
export function describeDbError(err: DbError): LoggedDbError {
  const params = err instanceof DrizzleQueryError ? err.params : [];
  const driver = err instanceof DrizzleQueryError ? err.cause : err;
  const source = driver instanceof Error ? driver : null;
  const db = driver instanceof pg.DatabaseError ? driver : null;
  let message = source?.message ?? 'Failed query';
  if (db?.code?.startsWith('22')) message = message.replace(/"(?:[^"]|"")*"/g, `"${REDACTED}"`);
  for (const param of params) {
    const value = typeof param === 'string' ? param : typeof param === 'number' || typeof param === 'bigint' ? String(param) : null;
    if (value && value.length >= 3) message = message.replaceAll(value, REDACTED);
  }
  return {
    type: 'DatabaseError',
    ...(db?.code ? { code: db.code } : {}),
    message,
    ...(db?.severity ? { severity: db.severity } : {}),
    ...(db?.routine ? { routine: db.routine } : {}),
    ...(db?.table ? { table: db.table } : {}),
    ...(db?.column ? { column: db.column } : {}),
    ...(db?.constraint ? { constraint: db.constraint } : {}),
    stack: stackFrames(err.stack ?? ''),
  };
}

/** The `at …` lines of a stack, without the message lines above them. */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
