import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MESSAGE_MESSAGES } from '../../../../domain/message-values';
import type { Message } from '../../../../domain/messages';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, isApiError, serverMessage } from '../../../lib/api';
import type { ThreadPage } from './get-thread';
import { forgetMember } from './member-left';
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
 * The refusal of a message to a member who is not there (404 'Member not found.'): they closed
 * their account since the conversation was shown, and it went with them (0108, docs/decisions/0152).
 * A 404 with other words (a post deleted meanwhile) leaves the conversation be.
 */
export const recipientGone = (error: unknown): boolean =>
  isApiError(error, 404) && serverMessage(error) === MESSAGE_MESSAGES.memberNotFound;

/**
 * Why a message was not sent, for people (spec §8): the server's words for a block or a limit
 * (403, 429: how long to wait); that the member closed their account (404 'Member not found.',
 * words that read as a fault of the app); the server's words and that the message was not sent
 * for another 404 (a post deleted meanwhile); otherwise (the network, the server's own faults)
 * 'Failed to send message. Please try again.' (docs/decisions/0152).
 */
export function sendFailure(error: unknown): string {
  if (recipientGone(error)) return MESSAGE_MESSAGES.recipientLeft;
  const gone = isApiError(error, 404) ? serverMessage(error) : undefined;
  if (gone) return `${gone} ${MESSAGE_MESSAGES.notSent}`;
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
 * inbox is asked again; a failure says why in a toast. Refused because the member closed their
 * account, the inbox and the bell are asked again and their conversations forgotten (0152); the
 * inbox closes the one on screen (the reply box's own `onError`).
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
    onError: (error, request) => {
      toast({ variant: 'destructive', title: 'Error', description: sendFailure(error) });
      if (recipientGone(error)) forgetMember(queryClient, userId, request.toUserId);
    },
  });
}
