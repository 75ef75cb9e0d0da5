import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Thread } from '../../../../domain/messages';
import { apiRequest } from '../../../lib/api';
import { messageKeys } from './message-keys';

/** The member's conversations, newest first, each with its unread count (DECISIONS 14). */
export const threadsOptions = (userId: string | null) =>
  queryOptions({
    queryKey: messageKeys.threads(userId),
    queryFn: () => apiRequest<Thread[]>('GET', '/api/messages'),
    enabled: userId !== null,
  });

export function useThreads(userId: string | null) {
  return useQuery(threadsOptions(userId));
}

/** Messages to the member not read yet, over every conversation (the header's count). */
export const unreadMessages = (threads: readonly Thread[] | undefined): number =>
  threads?.reduce((sum, thread) => sum + thread.unread, 0) ?? 0;

/** The header's count of unread messages. */
export function useUnreadMessages(userId: string | null): number {
  return unreadMessages(useThreads(userId).data);
}
