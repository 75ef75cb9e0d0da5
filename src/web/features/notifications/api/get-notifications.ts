import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationsPage } from '../../../../domain/notifications';
import { apiRequest } from '../../../lib/api';
import { BELL_ASK, bellView } from '../bell-list';

/** The keys of GET /api/notifications, per member: the bell's recent ones and the /notifications pages. */
export const notificationKeys = {
  all: ['/api/notifications'] as const,
  member: (userId: string | null) => [...notificationKeys.all, userId] as const,
  recent: (userId: string | null) => [...notificationKeys.member(userId), 'recent'] as const,
  pages: (userId: string | null) => [...notificationKeys.member(userId), 'pages'] as const,
};

/** Notifications a /notifications page holds. */
export const PAGE_SIZE = 20;

const getPage = (limit: number, cursor: string | null) =>
  apiRequest<NotificationsPage>(
    'GET',
    `/api/notifications?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
  );

/** The bell's: the most recent and the unread count (DECISIONS 14: kept on the server). */
export const recentNotificationsOptions = (userId: string | null) =>
  queryOptions({
    queryKey: notificationKeys.recent(userId),
    queryFn: () => getPage(BELL_ASK, null),
    enabled: userId !== null,
  });

export function useBell(userId: string | null) {
  const query = useQuery(recentNotificationsOptions(userId));
  return { ...bellView(query.data), query };
}

/** Every notification, newest first, a page at a time (/notifications). */
export const notificationPagesOptions = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages(userId),
    queryFn: ({ pageParam }) => getPage(PAGE_SIZE, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: userId !== null,
  });

export function useNotificationPages(userId: string | null) {
  return useInfiniteQuery(notificationPagesOptions(userId));
}
