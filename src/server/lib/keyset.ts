import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/** Where the next page starts: after the row of this created_at and id. */
export interface Keyset {
  createdAt: string;
  id: string;
}

/** The cursor (null without one), or a 400 when it is malformed. */
export function decodeKeyset(text: string | undefined): Keyset | null {
  if (text === undefined) return null;
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

/**
 * The rows newest first strictly after `after` (none: every row): an earlier timestamp, or the
 * same one and a lower id. Written as a row comparison, an index on (…, at DESC, id DESC) starts
 * its scan at the cursor; the same test spelt with OR is only a filter there, and a deep page
 * first walks past every newer row (docs/decisions/0148).
 */
export function olderThan(at: PgColumn, id: PgColumn, after: Keyset | null): SQL | undefined {
  if (!after) return undefined;
  return sql`(${at}, ${id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
}

/**
 * A page of `limit` rows from rows read with a limit of `limit + 1`: those shown, and the cursor
 * of the next page when the extra row says there is one (`keyOf` gives the last row's created_at
 * as PostgreSQL prints it, and its id).
 */
export function keysetPage<T>(rows: readonly T[], limit: number, keyOf: (row: T) => [at: string, id: string]): { shown: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > limit && last !== undefined ? encodeKeyset(...keyOf(last)) : null };
}
