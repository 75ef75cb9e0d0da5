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

export const allRead = (page: NotificationsPage): NotificationsPage => ({
  ...page,
  items: page.items.map((item) => ({ ...item, read: true })),
  unread: 0,
});

/** 'Clear all' (spec §2 Header): nothing left. */
export const cleared = (): NotificationsPage => ({ items: [], unread: 0, nextCursor: null });

/** A change of every page of the /notifications list. */
export const onPages =
  (change: (page: NotificationsPage) => NotificationsPage) =>
  (data: InfiniteData<NotificationsPage> | undefined) =>
    data && { ...data, pages: data.pages.map(change) };
