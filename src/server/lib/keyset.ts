import { isUuid } from '../../domain/ids';
import { badRequest } from '../errors';

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

export const INVALID_PAGE = 'This page link is no longer valid. Please start from the first page.';

/**
 * A keyset cursor of a page ordered by a timestamp and an id (newest first): the last row's
 * created_at as PostgreSQL prints it and its id, opaque to clients (base64url JSON).
 */
export function encodeKeyset(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The cursor, or a 400 when it is malformed. */
export function decodeKeyset(text: string): { createdAt: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as [unknown, unknown];
      if (typeof at === 'string' && isCursorTimestamp(at) && typeof id === 'string' && isUuid(id)) {
        return { createdAt: at, id };
      }
    }
  } catch {
    // falls through to the 400
  }
  throw badRequest(INVALID_PAGE);
}
