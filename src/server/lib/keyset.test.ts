import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import { decodeKeyset, encodeKeyset, INVALID_PAGE, keysetPage } from './keyset';

const ID = '0b1f7c1e-6a8e-4d52-9a53-2f4a1c9e7d10';
const AT = '2026-12-07 16:18:25.123456+00';

describe('a keyset cursor', () => {
  it('comes back as it went, and is absent without a cursor', () => {
    expect(decodeKeyset(encodeKeyset(AT, ID))).toEqual({ createdAt: AT, id: ID });
    expect(decodeKeyset(undefined)).toBeNull();
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['a forged timestamp', encodeKeyset('2026-02-30 00:00:00+00', ID)],
    ['a forged id', encodeKeyset(AT, 'x')],
  ])('is a 400 saying the link is no longer valid when it is %s', (_what, cursor) => {
    expect(() => decodeKeyset(cursor)).toThrow(expect.objectContaining({ status: 400, message: INVALID_PAGE }) as AppError);
  });
});

describe('keysetPage', () => {
  const rows = [1, 2, 3].map((n) => ({ key: `2026-12-0${n} 00:00:00+00`, id: ID.replace('0b1', `0b${n}`) }));
  const keyOf = (row: (typeof rows)[number]): [string, string] => [row.key, row.id];

  it('shows the limit and points after the last row shown when the extra row says there is more', () => {
    const page = keysetPage(rows, 2, keyOf);
    expect(page.shown).toEqual(rows.slice(0, 2));
    expect(decodeKeyset(page.nextCursor!)).toEqual({ createdAt: rows[1]!.key, id: rows[1]!.id });
  });

  it('has no next page when the rows end within the limit', () => {
    expect(keysetPage(rows, 3, keyOf)).toEqual({ shown: rows, nextCursor: null });
    expect(keysetPage([], 3, keyOf)).toEqual({ shown: [], nextCursor: null });
  });
});
