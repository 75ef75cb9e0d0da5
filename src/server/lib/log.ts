import pino from 'pino';
import { MAIL_STOP_API, MAIL_STOP_PAGE } from '../../domain/account';
import { describeDbError, findDbError } from './pg-errors';

/** An error as a log line holds it (the shape Fastify expects of an `err` serializer). */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The `err` serializer of every log line (app.ts): pino's standard one, except for an error that is
 * or wraps a failed query, whose message and stack would carry the query's parameters (password
 * hashes, emails, locations). Those are logged as `describeDbError` shows them. Values that are
 * not Error objects (already serialized) pass through.
 */
export function serializeError(err: Error): SerializedError {
  if (!(err instanceof Error)) return err;
  const db = findDbError(err);
  if (!db) return pino.stdSerializers.err(err);
  if (db === err) return describeDbError(db);
  return { type: err.constructor.name, message: err.message, stack: err.stack ?? '', cause: describeDbError(db) };
}

/**
 * pino's `logMethod` hook (app.ts). Logged without a message, an error lends its own message to
 * `msg`, and a failed query's message is its SQL with every parameter: such lines get a plain one.
 */
export function logMethod(this: pino.Logger, args: Parameters<pino.LogFn>, method: pino.LogFn): void {
  const [first, second] = args as unknown[];
  if (second === undefined && first !== null && typeof first === 'object') {
    const fields = first as { err?: unknown; msg?: unknown };
    const err = first instanceof Error ? first : fields.msg === undefined ? fields.err : undefined;
    if (findDbError(err)) return method.apply(this, [first, 'query failed']);
  }
  return method.apply(this, args);
}

/**
 * Query parameters whose values never reach the logs: `near` is the viewer's location, and a
 * nearest-first `cursor` holds a post's distance from it.
 */
const PRIVATE_PARAMS = new Set(['near', 'cursor']);
/**
 * A place search's words may be the searcher's street address (docs/decisions/0120); the link that
 * stops a member's message mail never expires (0138).
 */
const MAIL_STOP_PARAMS = new Set([...PRIVATE_PARAMS, 't']);
const PRIVATE_BY_PATH: Record<string, ReadonlySet<string>> = {
  '/api/places': new Set([...PRIVATE_PARAMS, 'q']),
  [MAIL_STOP_PAGE]: MAIL_STOP_PARAMS,
  [MAIL_STOP_API]: MAIL_STOP_PARAMS,
};

function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/** `url` as the request log shows it: `near=REDACTED`, `cursor=REDACTED` (a place search's `q` too; however the name is encoded), the rest as sent. */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hidden = PRIVATE_BY_PATH[url.slice(0, q)] ?? PRIVATE_PARAMS;
  const pairs = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    return hidden.has(decodedKey(key)) ? `${key}=REDACTED` : pair;
  });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}
