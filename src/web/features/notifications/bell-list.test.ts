import { describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '../../../domain/notifications';
import { BELL_ASK, BELL_SIZE, bellView, cleared, onPages, readUpTo, withNew, withRead } from './bell-list';

const note = (n: number, read = false): Notification => ({
  id: `n${n}`,
  type: 'new_message',
  data: { fromUserId: 'u2', fromUsername: 'Maple', content: `Note ${n}`, messageId: `m${n}`, postId: null },
  createdAt: new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString(),
  read,
});
/** A page as the bell asks for it: the newest first. */
const page = (count: number, unread = count): NotificationsPage => ({
  items: Array.from({ length: count }, (_, i) => note(count - i, i >= unread)),
  unread,
  nextCursor: null,
});

describe('bellView (spec §2 Header, §9)', () => {
  it('shows the ten most recent and offers the rest only past ten', () => {
    expect(BELL_SIZE).toBe(10);
    expect(BELL_ASK).toBe(11);
    const ten = bellView(page(10));
    expect(ten.items).toHaveLength(10);
    expect(ten.more).toBe(false);
    const eleven = bellView(page(11));
    expect(eleven.items.map((n) => n.id)).toEqual(
      page(11)
        .items.slice(0, 10)
        .map((n) => n.id),
    );
    expect(eleven.more).toBe(true);
    expect(eleven.unread).toBe(11);
  });

  it('is empty, with nothing unread, before its first answer', () => {
    expect(bellView(undefined)).toEqual({ items: [], unread: 0, more: false });
  });
});

describe('a pushed notification (spec §4)', () => {
  it('goes to the front, unread, and keeps one more than the bell shows', () => {
    const next = withNew(page(11, 2), note(12));
    expect(next.items[0]?.id).toBe('n12');
    expect(next.items).toHaveLength(BELL_ASK);
    expect(next.unread).toBe(3);
    expect(bellView(next).more).toBe(true);
  });

  it('is not counted twice when the refetch after reconnecting brought it already', () => {
    const before = page(3);
    expect(withNew(before, note(3))).toBe(before);
  });
});

describe('read marks and Clear all', () => {
  it('reads one: the count drops once, and not for one read already', () => {
    const once = withRead(page(3), 'n2');
    expect(once.unread).toBe(2);
    expect(once.items.find((n) => n.id === 'n2')?.read).toBe(true);
    expect(withRead(once, 'n2').unread).toBe(2);
    expect(withRead(once, 'elsewhere').unread).toBe(2);
  });

  it('reads all up to the newest shown, not one pushed since, and clears all', () => {
    const shown = page(4);
    const pushed = withNew(shown, note(5));
    const read = readUpTo(note(4))(pushed);
    expect(read.items.map((n) => [n.id, n.read])).toEqual([
      ['n5', false],
      ['n4', true],
      ['n3', true],
      ['n2', true],
      ['n1', true],
    ]);
    expect(read.unread).toBe(1);
    expect(readUpTo(note(4))(shown).unread).toBe(0);
    expect(cleared()).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it('reads by time a list without the point: an older one whole, a newer one not at all', () => {
    const older = readUpTo(note(9))(page(3));
    expect(older.items.every((n) => n.read)).toBe(true);
    const newer = { ...page(11), items: page(11).items.slice(0, 5) };
    expect(readUpTo(note(3))(newer)).toBe(newer);
  });

  it('changes every page of the /notifications list', () => {
    const data = { pages: [page(2), page(1)], pageParams: [null, 'c1'] };
    const read = onPages(readUpTo(note(2)))(data);
    expect(read?.pages.map((p) => p.unread)).toEqual([0, 0]);
    expect(read?.pages.flatMap((p) => p.items).every((n) => n.read)).toBe(true);
    expect(read?.pageParams).toEqual([null, 'c1']);
    expect(onPages(readUpTo(note(2)))(undefined)).toBeUndefined();
  });
});
