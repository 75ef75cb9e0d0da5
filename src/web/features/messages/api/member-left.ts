import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../notifications';
import { messageKeys } from './message-keys';

/**
 * Forgets the conversations kept with `otherUserId` that no screen shows: one opened again (a
 * link, the browser's Back) is asked of the server, which says it was not found (0131), instead
 * of showing from the cache what went with the member (docs/decisions/0152).
 */
export function dropConversationsWith(queryClient: QueryClient, userId: string | null, otherUserId: string): void {
  queryClient.removeQueries({ queryKey: messageKeys.withMember(userId, otherUserId), type: 'inactive' });
}

/**
 * `otherUserId` closed their account, found by a message refused or a conversation asked again
 * (404 'Member not found.'): their conversations went with them (0108), and so did the
 * notifications of their messages (0131). The inbox and the bell are asked again, so that the
 * server's lists, without them, replace what was shown, and the conversations kept are forgotten
 * (one on screen once its screen closes it, docs/decisions/0152).
 */
export function forgetMember(queryClient: QueryClient, userId: string | null, otherUserId: string): void {
  void queryClient.invalidateQueries({ queryKey: messageKeys.threads(userId) });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) });
  dropConversationsWith(queryClient, userId, otherUserId);
}
