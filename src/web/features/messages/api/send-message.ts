import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MESSAGE_MESSAGES } from '../../../../domain/message-values';
import type { Message } from '../../../../domain/messages';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, isApiError, serverMessage } from '../../../lib/api';
import type { ThreadPage } from './get-thread';
import { messageKeys } from './message-keys';

export interface SendMessageRequest {
  toUserId: string;
  postId: string | null;
  /** Left out, the server writes 'Re: {post title}' (spec §5). */
  subject?: string | undefined;
  content: string;
}

export const sendMessage = (request: SendMessageRequest) =>
  apiRequest<Message>('POST', '/api/messages', request);

/**
 * Why a message was not sent, for people (spec §8): the server's words for a block or a limit
 * (403, 429: how long to wait), otherwise 'Failed to send message. Please try again.'.
 */
export function sendFailure(error: unknown): string {
  const told = isApiError(error, 403) || isApiError(error, 429) ? serverMessage(error) : undefined;
  return told ?? MESSAGE_MESSAGES.failed;
}

/** A sent message at the newest end of its thread, as the server answered it. */
export function withSent(data: InfiniteData<ThreadPage> | undefined, message: Message) {
  if (!data?.pages[0] || data.pages.some((page) => page.messages.some((m) => m.id === message.id)))
    return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
}

/**
 * Sends a message (spec §2 dialog 5, or a reply in the inbox): the thread shows it at once, the
 * inbox is asked again; a failure says why in a toast.
 */
export function useSendMessage(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<ThreadPage>>(
        messageKeys.thread(userId, message.toUserId, message.postId),
        (data) => withSent(data, message),
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads(userId) });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: sendFailure(error) }),
  });
}
