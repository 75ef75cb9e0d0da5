import pg from 'pg';

/**
 * SQLSTATEs that say the server cannot serve now, not that the query was wrong (PostgreSQL manual,
 * appendix A): class 08 connection exception, class 53 insufficient resources (disk full, out of
 * memory, too many connections), 57P01-57P03 shutting down, crashed, starting up or recovering.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3])/;

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres's own words for a connection that ended or could not be had (plain Errors, no code). */
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * Whether `err` (or an error it wraps: Drizzle's DrizzleQueryError, an AppError's cause) means the
 * database could not be reached, rather than that a query failed (docs/decisions/0077).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof pg.DatabaseError) return e.code !== undefined && UNAVAILABLE_SQLSTATE.test(e.code);
    const code = (e as NodeJS.ErrnoException).code;
    if ((code !== undefined && NETWORK_CODES.has(code)) || DRIVER_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * Why a connection failed, in one line for the logs: the socket or driver message (no stack; a
 * connection error carries no query or parameters).
 */
export function connectionFailure(err: unknown): string {
  const e = err instanceof AggregateError && err.errors[0] instanceof Error ? err.errors[0] : err;
  if (!(e instanceof Error)) return err === undefined ? 'the connection ended' : String(e);
  const code = (e as NodeJS.ErrnoException).code;
  return code && !e.message.includes(code) ? `${code} ${e.message}` : e.message;
}

/**
 * Logs a failure of work done behind the requests (a job, the mail sender, a socket, a NOTIFY) at
 * warn, unless the database is away: that outage is the health monitor's to report, once
 * (docs/decisions/0077), not every background loop's at every turn with a stack.
 */
export function warnUnlessUnavailable(log: { warn(obj: object, msg: string): void }, err: unknown, fields: object, msg: string): void {
  if (!isDatabaseUnavailable(err)) log.warn({ err, ...fields }, msg);
}
