import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Message } from '../../../../domain/messages';
import { apiFetch, nextLinkOf } from '../../../lib/api';
import { messageKeys, threadApiPath } from './message-keys';

export interface ThreadPage {
  /** Newest first, as the server sends them. */
  messages: Message[];
  /** The next (older) page's URL from `Link: <…>; rel="next"`, or null. */
  next: string | null;
}

async function getThreadPage(url: string): Promise<ThreadPage> {
  const { data, headers } = await apiFetch<Message[]>('GET', url);
  return { messages: data, next: nextLinkOf(headers) };
}

/** One conversation, a page of the newest messages first, older ones on demand. */
export const threadOptions = (userId: string | null, otherUserId: string, postId: string | null) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(userId, otherUserId, postId),
    queryFn: ({ pageParam }) => getThreadPage(pageParam),
    initialPageParam: threadApiPath(otherUserId, postId),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: userId !== null,
  });

export function useThread(userId: string | null, otherUserId: string, postId: string | null) {
  return useInfiniteQuery(threadOptions(userId, otherUserId, postId));
}

/** The loaded messages oldest first, as a chat shows them (the newest at the bottom). */
export const chronological = (pages: readonly ThreadPage[] | undefined): Message[] =>
  (pages ?? []).flatMap((page) => page.messages).reverse();

/** Messages to `userId` in the thread that are not read yet. */
export const unreadTo = (messages: readonly Message[], userId: string | null): Message[] =>
  messages.filter((m) => m.toUserId === userId && m.readAt === null);
