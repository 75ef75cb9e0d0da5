import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { ThreadPage } from './get-thread';
import { notificationKeys } from '../../notifications';
import { messageKeys, threadApiPath } from './message-keys';

interface ThreadAddress {
  otherUserId: string;
  postId: string | null;
}

/** The thread's messages to `userId` as read at `readAt`. */
export function readIn(data: InfiniteData<ThreadPage> | undefined, userId: string | null, readAt: string) {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    messages: page.messages.map((m) => (m.toUserId === userId && m.readAt === null ? { ...m, readAt } : m)),
  }));
  return { ...data, pages };
}

/** Opening a thread marks its messages to the member read; the inbox's counts and the bell follow. */
export function useMarkThreadRead(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ otherUserId, postId }: ThreadAddress) =>
      apiRequest<void>('POST', threadApiPath(otherUserId, postId, '/read')),
    onMutate: ({ otherUserId, postId }) =>
      queryClient.setQueryData<InfiniteData<ThreadPage>>(
        messageKeys.thread(userId, otherUserId, postId),
        (data) => readIn(data, userId, new Date().toISOString()),
      ),
    onError: (error) => console.error('Could not mark the conversation read', error),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: messageKeys.threads(userId) });
      // The server marks the thread's notifications read too: the bell follows.
      await queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) });
    },
  });
}
