import type pg from 'pg';
import type { GeneratedPost } from './generate';

/** Each generated field, its posts column and SQL type. */
const FIELDS: ReadonlyArray<readonly [keyof GeneratedPost, string, string]> = [
  ['type', 'type', 'post_type'],
  ['title', 'title', 'text'],
  ['description', 'description', 'text'],
  ['address', 'address', 'text'],
  ['latitude', 'latitude', 'float8'],
  ['longitude', 'longitude', 'float8'],
  ['publicLatitude', 'public_latitude', 'float8'],
  ['publicLongitude', 'public_longitude', 'float8'],
  ['exactLocation', 'exact_location', 'boolean'],
  ['status', 'status', 'post_status'],
  ['statusNotes', 'status_notes', 'text'],
  ['phoneNumber', 'phone_number', 'text'],
  ['contact', 'contact', 'text'],
  ['ownerName', 'owner_name', 'text'],
  ['ownerInitials', 'owner_initials', 'text'],
  ['zipCode', 'zip_code', 'text'],
  ['quantity', 'quantity', 'text'],
  ['seasonalNotes', 'seasonal_notes', 'text'],
  ['region', 'region', 'region'],
  ['isDemo', 'is_demo', 'boolean'],
  ['createdAt', 'created_at', 'timestamptz'],
];

/**
 * One statement per batch: the rows travel as one JSON parameter and json_to_recordset turns
 * them into typed rows (no per-row round trip, no thousands of bind parameters).
 */
const INSERT_SQL = `INSERT INTO posts (${FIELDS.map(([, column]) => column).join(', ')}, updated_at)
SELECT ${FIELDS.map(([key]) => `"${key}"`).join(', ')}, "createdAt"
FROM json_to_recordset($1::json) AS t(${FIELDS.map(([key, , type]) => `"${key}" ${type}`).join(', ')})`;

/** Inserts generated posts (user_id and owner session stay empty: nobody owns them). */
export async function insertPosts(
  client: Pick<pg.ClientBase, 'query'> | pg.Pool,
  rows: readonly GeneratedPost[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await client.query(INSERT_SQL, [JSON.stringify(rows)]);
  return result.rowCount ?? 0;
}
