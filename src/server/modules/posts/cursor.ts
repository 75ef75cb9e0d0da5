import { isUuid } from '../../../domain/ids';
import { badRequest } from '../../errors';

/**
 * Keyset cursors (docs/decisions/0021): the sort key of the last post of a page and its id,
 * opaque to clients (base64url JSON). Newest: created_at as PostgreSQL prints it (microseconds
 * kept). Nearest: the KNN distance of the public point to the origin.
 */
export type Cursor = { sort: 'newest'; createdAt: string; id: string } | { sort: 'nearest'; distance: number; id: string };

export const INVALID_CURSOR = 'This page link is no longer valid. Please start from the first page.';

const PG_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::?(\d{2}))?|Z)?$/;

/**
 * A created_at as PostgreSQL prints it ('2024-05-01 12:34:56.123456+00'), checked field by field
 * so that the `::timestamptz` cast of a forged cursor cannot fail: a real calendar day between
 * 1970 and 9999, 00:00:00-23:59:59, and an offset of at most ±15:59 (PostgreSQL's own limit).
 */
export function isCursorTimestamp(text: string): boolean {
  const m = PG_TIMESTAMP.exec(text);
  if (!m) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = m
    .slice(1)
    .map((v) => Number(v ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1970 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

export function encodeCursor(cursor: Cursor): string {
  const key = cursor.sort === 'newest' ? cursor.createdAt : cursor.distance;
  return Buffer.from(JSON.stringify([cursor.sort === 'newest' ? 'n' : 'd', key, cursor.id])).toString('base64url');
}

/** The cursor, checked against the sort it must belong to; a 400 when it is malformed or foreign. */
export function decodeCursor(text: string, sort: Cursor['sort']): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badRequest(INVALID_CURSOR);
  const [kind, key, id] = parsed as [unknown, unknown, unknown];
  if (typeof id !== 'string' || !isUuid(id)) throw badRequest(INVALID_CURSOR);
  if (sort === 'newest' && kind === 'n' && typeof key === 'string' && isCursorTimestamp(key)) {
    return { sort, createdAt: key, id };
  }
  if (sort === 'nearest' && kind === 'd' && typeof key === 'number' && Number.isFinite(key) && key >= 0) {
    return { sort, distance: key, id };
  }
  throw badRequest(INVALID_CURSOR);
}
