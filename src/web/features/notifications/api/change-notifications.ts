import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MarkAllReadInput, NotificationsPage } from '../../../../domain/notifications';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';
import { cleared, onPages, readUpTo, withRead, type ReadPoint } from '../bell-list';
import { notificationKeys } from './get-notifications';

type Change = (page: NotificationsPage) => NotificationsPage;

/**
 * A change the bell and /notifications show at once, then ask the server again. A failure is
 * logged; `failure` also says it in a toast (a click on one notification moves on and says nothing).
 */
function useNotificationChange<V>(
  userId: string | null,
  request: (value: V) => Promise<void>,
  change: (value: V) => Change,
  failure?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: async (value: V) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.member(userId) });
      const apply = change(value);
      queryClient.setQueryData<NotificationsPage>(
        notificationKeys.recent(userId),
        (page) => page && apply(page),
      );
      queryClient.setQueryData<InfiniteData<NotificationsPage>>(
        notificationKeys.pages(userId),
        onPages(apply),
      );
    },
    onError: (error) => {
      console.error('Notifications could not be updated', error);
      if (failure) toast({ variant: 'destructive', title: 'Error', description: failure });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) }),
  });
}

/** Clicking a notification marks it read (spec §4). */
export const useMarkRead = (userId: string | null) =>
  useNotificationChange(
    userId,
    (id: string) => apiRequest<void>('POST', `/api/notifications/${encodeURIComponent(id)}/read`),
    (id) => (page) => withRead(page, id),
  );

/**
 * 'Mark all as read' up to the newest notification the screen showed (docs/decisions/0116): one
 * that arrived since stays unread, on the server and in the bell.
 */
export const useMarkAllRead = (userId: string | null) =>
  useNotificationChange(
    userId,
    (upTo: ReadPoint) => apiRequest<void>('POST', '/api/notifications/read', { upTo: upTo.id } satisfies MarkAllReadInput),
    readUpTo,
    'Could not mark your notifications read. Please try again.',
  );

/** 'Clear all' (spec §2 Header). */
export const useClearNotifications = (userId: string | null) =>
  useNotificationChange(
    userId,
    () => apiRequest<void>('DELETE', '/api/notifications'),
    () => cleared,
    'Could not clear your notifications. Please try again.',
  );
