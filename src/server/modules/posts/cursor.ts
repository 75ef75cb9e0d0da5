import { badRequest } from '../../errors';

/**
 * Keyset cursors (docs/decisions/0021): the sort key of the last post of a page and its id,
 * opaque to clients (base64url JSON). Newest: created_at as PostgreSQL prints it (microseconds
 * kept). Nearest: the KNN distance of the public point to the origin.
 */
export type Cursor = { sort: 'newest'; createdAt: string; id: string } | { sort: 'nearest'; distance: number; id: string };

export const INVALID_CURSOR = 'This page link is no longer valid. Please start from the first page.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

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
  if (typeof id !== 'string' || !UUID.test(id)) throw badRequest(INVALID_CURSOR);
  if (sort === 'newest' && kind === 'n' && typeof key === 'string' && PG_TIMESTAMP.test(key)) {
    return { sort, createdAt: key, id };
  }
  if (sort === 'nearest' && kind === 'd' && typeof key === 'number' && Number.isFinite(key) && key >= 0) {
    return { sort, distance: key, id };
  }
  throw badRequest(INVALID_CURSOR);
}
