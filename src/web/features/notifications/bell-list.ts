import type { InfiniteData } from '@tanstack/react-query';
import { LIMITS } from '../../../domain/limits';
import type { Notification, NotificationsPage } from '../../../domain/notifications';

/** The bell lists the ten most recent (spec §9); it asks for one more, to know whether there are more. */
export const BELL_SIZE = LIMITS.notificationListSize;
export const BELL_ASK = BELL_SIZE + 1;

export interface BellView {
  items: Notification[];
  unread: number;
  /** More than the bell shows: 'View all notifications' (spec §2 Header). */
  more: boolean;
}

/** What the bell shows of its page. */
export function bellView(page: NotificationsPage | undefined): BellView {
  const items = page?.items ?? [];
  return { items: items.slice(0, BELL_SIZE), unread: page?.unread ?? 0, more: items.length > BELL_SIZE };
}

/**
 * A notification pushed on the socket, at the front and unread (spec §4). One the list already
 * holds (a refetch after reconnecting brought it first) is not counted twice.
 */
export function withNew(page: NotificationsPage, notification: Notification): NotificationsPage {
  if (page.items.some((item) => item.id === notification.id)) return page;
  return { ...page, items: [notification, ...page.items].slice(0, BELL_ASK), unread: page.unread + 1 };
}

/** One notification read (clicked, spec §4): the count drops when it was unread. */
export function withRead(page: NotificationsPage, id: string): NotificationsPage {
  const unreadHere = page.items.some((item) => item.id === id && !item.read);
  return {
    ...page,
    items: page.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
    unread: unreadHere ? Math.max(0, page.unread - 1) : page.unread,
  };
}

/** The newest notification a screen showed: 'Mark all as read' reads up to it (docs/decisions/0116). */
export type ReadPoint = Pick<Notification, 'id' | 'createdAt'>;

/**
 * 'Mark all as read' up to `upTo`: it and every older one are read; newer ones (pushed since the
 * screen showed `upTo`) keep their mark and are the count. A list without `upTo` finds the place by
 * time, at its first older one; one with nothing that old (the bell's, after more than it keeps
 * arrived) is left as it is. The count is right for a list that starts at the newest (the bell's,
 * the first page); the server's answer, asked again after the call, sets every list right.
 */
export const readUpTo =
  (upTo: ReadPoint) =>
  (page: NotificationsPage): NotificationsPage => {
    const at = page.items.findIndex((item) => item.id === upTo.id || item.createdAt < upTo.createdAt);
    if (at === -1) return page;
    const newer = page.items.slice(0, at);
    return {
      ...page,
      items: [...newer, ...page.items.slice(at).map((item) => ({ ...item, read: true }))],
      unread: newer.filter((item) => !item.read).length,
    };
  };

/** 'Clear all' (spec §2 Header): nothing left. */
export const cleared = (): NotificationsPage => ({ items: [], unread: 0, nextCursor: null });

/** A change of every page of the /notifications list. */
export const onPages =
  (change: (page: NotificationsPage) => NotificationsPage) =>
  (data: InfiniteData<NotificationsPage> | undefined) =>
    data && { ...data, pages: data.pages.map(change) };
