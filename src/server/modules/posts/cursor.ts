import { isUuid } from '../../../domain/ids';
import { badRequest } from '../../errors';
import { INVALID_PAGE, isCursorTimestamp } from '../../lib/keyset';

/**
 * Keyset cursors (docs/decisions/0021): the sort key of the last post of a page and its id,
 * opaque to clients (base64url JSON). Newest: created_at as PostgreSQL prints it (microseconds
 * kept). Nearest: the KNN distance of the public point to the origin.
 */
export type Cursor = { sort: 'newest'; createdAt: string; id: string } | { sort: 'nearest'; distance: number; id: string };

export const INVALID_CURSOR = INVALID_PAGE;

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
