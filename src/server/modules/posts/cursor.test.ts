import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from './cursor';
import { isCursorTimestamp } from '../../lib/keyset';

const ID = '0b6f319d-b7f2-43e8-b41c-70155f460ac9';
const forge = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

describe('post list cursors', () => {
  it('round-trip both sorts', () => {
    const newest = { sort: 'newest', createdAt: '2024-05-01 12:34:56.123456+00', id: ID } as const;
    const nearest = { sort: 'nearest', distance: 1234.5, id: ID } as const;
    expect(decodeCursor(encodeCursor(newest), 'newest')).toEqual(newest);
    expect(decodeCursor(encodeCursor(nearest), 'nearest')).toEqual(nearest);
  });

  it.each(['2024-05-01 12:34:56.123456+00', '2024-02-29 23:59:59-05:30', '1970-01-01 00:00:00Z', '9999-12-31T23:59:59+1559', '2024-05-01 12:34:56'])(
    'accepts the timestamp %s',
    (key) => expect(isCursorTimestamp(key)).toBe(true),
  );

  it.each([
    '2024-99-99 99:99:99',
    '2024-13-01 00:00:00+00',
    '2024-00-10 00:00:00+00',
    '2024-04-31 00:00:00+00',
    '2023-02-29 00:00:00+00',
    '2024-01-00 00:00:00+00',
    '2024-01-01 24:00:00+00',
    '2024-01-01 00:60:00+00',
    '2024-01-01 00:00:60+00',
    '0000-01-01 00:00:00',
    '1969-12-31 23:59:59+00',
    '2024-01-01 00:00:00+99:99',
    '2024-01-01 00:00:00+16',
    '2024-01-01 00:00:00+05:60',
    '2024-01-01',
    'infinity',
  ])('refuses the timestamp %s', (key) => {
    expect(isCursorTimestamp(key)).toBe(false);
    expect(() => decodeCursor(forge(['n', key, ID]), 'newest')).toThrow(INVALID_CURSOR);
  });

  it('refuses a malformed id, a negative distance and a cursor of the other sort', () => {
    expect(() => decodeCursor(forge(['n', '2024-05-01 12:34:56+00', 'not-a-uuid']), 'newest')).toThrow(INVALID_CURSOR);
    expect(() => decodeCursor(forge(['d', -1, ID]), 'nearest')).toThrow(INVALID_CURSOR);
    expect(() => decodeCursor(forge(['d', 5, ID]), 'newest')).toThrow(INVALID_CURSOR);
  });
});
