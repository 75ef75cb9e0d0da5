import { useEffect, useEffectEvent, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Thread } from '../../../../domain/messages';
import { MESSAGE_MESSAGES, threadTopic } from '../../../../domain/message-values';
import { postPath } from '../../../../domain/post-values';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api';
import { focusIsLost } from '../../../lib/focus';
import { MemberLink, useProfile } from '../../members';
import { OwnerAvatar } from '../../posts';
import { chronological, unreadTo, useThread } from '../api/get-thread';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { forgetMember } from '../api/member-left';
import { MessageLog } from './message-log';
import { useShownThread } from '../shown-thread';
import { ThreadFooter } from './thread-footer';
import type { ThreadAddress } from './thread-list';

/** What a link to a conversation may carry: the other member's name, for one without messages yet. */
interface ConversationState {
  otherName?: unknown;
}

interface ThreadViewProps {
  userId: string;
  address: ThreadAddress;
  /** The inbox's row for it, when it has one (a new conversation has none yet). */
  thread: Thread | undefined;
  /**
   * The other member closed their account, found by a reply refused or by the conversation asked
   * again: the conversation went with them (0108), and the inbox closes it (docs/decisions/0152).
   */
  onGone: () => void;
}

/**
 * One conversation: who and which post, the messages, a reply box. Shown, its messages to the
 * member are marked read. On phones it replaces the list, with a way back to it.
 */
export function ThreadView({ userId, address, thread, onGone }: ThreadViewProps) {
  const query = useThread(userId, address.otherUserId, address.postId);
  const messages = chronological(query.data?.pages);
  const first = messages[0];
  // A new conversation has no message to name the other member: a link that opens one says who (a profile's Message, 0127).
  const named = (useLocation().state as ConversationState | null)?.otherName;
  // What the viewer may do (the reply box or why not), and the name of a member not written to yet.
  const profile = useProfile(address.otherUserId).data;
  const otherName =
    thread?.otherName ??
    (first ? (first.fromUserId === address.otherUserId ? first.fromName : first.toName) : typeof named === 'string' ? named : (profile?.username ?? 'Conversation'));
  const postTitle = thread?.postTitle ?? first?.postTitle ?? null;
  // Deleted since, the post has no page: its title is said, not linked (0148).
  const postDeleted = Boolean(thread?.postDeleted || first?.postDeleted);
  const missing = isApiError(query.error, 404);

  const markRead = useMarkThreadRead(userId);
  const unread = unreadTo(messages, userId).length;
  const { otherUserId, postId } = address;
  const { mutate } = markRead;
  useShownThread(otherUserId, postId);
  useEffect(() => {
    if (unread > 0) mutate({ otherUserId, postId });
  }, [unread, otherUserId, postId, mutate]);

  // Shown, then asked again (a message elsewhere, the socket back), it answers 404: the other
  // member closed their account since (0152). A link to one never shown says it was not found (0131).
  const gone = missing && query.data !== undefined;
  const queryClient = useQueryClient();
  const leave = useEffectEvent(() => {
    forgetMember(queryClient, userId, otherUserId);
    toast({ title: MESSAGE_MESSAGES.conversationLeftTitle, description: MESSAGE_MESSAGES.conversationLeft });
    onGone();
  });
  useEffect(() => {
    if (gone) leave();
  }, [gone]);

  // Chosen from the list on a phone, the list (and its focused link) is hidden: focus goes to the conversation.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusIsLost()) heading.current?.focus();
  }, [otherUserId, postId]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-3 border-b px-3 py-3 sm:px-5">
        <Link
          to="/messages"
          className="-ml-1 grid size-10 shrink-0 place-items-center rounded-lg hover:bg-muted md:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <OwnerAvatar name={otherName} className="size-10" />
        <div className="grid min-w-0">
          {/* The name opens their profile: block, unblock or rate them from the conversation (0146). */}
          <h2 ref={heading} tabIndex={-1} className="truncate font-bold outline-none">
            <MemberLink userId={address.otherUserId} name={otherName} className="font-bold" />
          </h2>
          {postId && postDeleted ? (
            <p className="truncate text-sm text-muted-foreground">{threadTopic(postTitle, true)}</p>
          ) : postId ? (
            <Link
              to={postPath(postId)}
              className="truncate text-sm font-medium text-primary-hover hover:underline"
            >
              {postTitle ?? 'The post'}
            </Link>
          ) : (
            <p className="text-sm text-muted-foreground">General</p>
          )}
        </div>
      </div>
      {query.isPending ? (
        <div className="grid flex-1 content-end gap-3 p-5" role="status" aria-label="Loading messages">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-10 w-1/2 justify-self-end" />
          <Skeleton className="h-14 w-3/4" />
        </div>
      ) : query.isError && !query.data ? (
        <p role="alert" className="grid flex-1 place-items-center p-6 text-center font-semibold">
          {missing
            ? 'This conversation was not found.'
            : 'Could not load this conversation. Please try again.'}
        </p>
      ) : messages.length === 0 ? (
        <p className="grid flex-1 place-items-center p-6 text-center text-sm text-muted-foreground">
          No messages yet. Say hello!
        </p>
      ) : (
        <MessageLog
          messages={messages}
          userId={userId}
          otherName={otherName}
          older={{
            more: query.hasNextPage,
            loading: query.isFetchingNextPage,
            load: () => void query.fetchNextPage(),
          }}
        />
      )}
      {!missing && <ThreadFooter userId={userId} address={address} otherName={otherName} viewer={profile?.viewer} onGone={onGone} />}
    </div>
  );
}
