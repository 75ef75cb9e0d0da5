import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { DocumentTitle } from '../../../components/layout/page';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session-provider';
import { cn } from '../../../lib/utils';
import { useThreads } from '../api/get-threads';
import { dropConversationsWith } from '../api/member-left';
import { sameThread, ThreadList, type ThreadAddress } from './thread-list';
import { ThreadView } from './thread-view';

/** The conversation the address names: `?with=<member>&post=<post>` (threadPath). */
function selectedIn(params: URLSearchParams): ThreadAddress | null {
  const otherUserId = params.get('with');
  return otherUserId ? { otherUserId, postId: params.get('post') || null } : null;
}

/**
 * /messages (DECISIONS 14): the conversations and the chosen one, side by side from md up; on
 * phones the list or the conversation, with a way back. For signed-in members (the route checks).
 */
export function Inbox() {
  const userId = useSession().actor.userId ?? '';
  const [params] = useSearchParams();
  const selected = selectedIn(params);
  const threads = useThreads(userId);
  // The conversation last shown: back on the list (phones), its link takes focus again.
  const [last, setLast] = useState<ThreadAddress | null>(selected);
  if (selected && !sameThread(last, selected)) setLast(selected);

  // Members who closed their account, found while the inbox is open: their conversations went with
  // them (0108). Their rows leave at once, with the conversation on screen, before the list asked
  // again comes back without them; the focus goes to the row that takes its place (docs/decisions/0152).
  const [left, setLeft] = useState<readonly string[]>([]);
  const shown = threads.data?.filter((thread) => !left.includes(thread.otherUserId));
  const navigate = useNavigate();
  const leave = (otherUserId: string) => {
    setLeft((was) => (was.includes(otherUserId) ? was : [...was, otherUserId]));
    void navigate('/messages', { replace: true });
  };
  // Closed, the conversation leaves the cache too: Back to it says it was not found (0131).
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const otherUserId of left) dropConversationsWith(queryClient, userId, otherUserId);
  }, [left, queryClient, userId]);

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[28rem] w-full max-w-6xl flex-col sm:px-6 sm:pt-6 sm:pb-8">
      <DocumentTitle title="Messages" />
      <h1
        className={cn(
          'px-4 pt-5 pb-3 text-2xl font-bold tracking-tight sm:px-0 sm:pt-0 sm:text-3xl',
          selected && 'max-md:sr-only',
        )}
      >
        Messages
      </h1>
      <div className="grid min-h-0 flex-1 overflow-hidden border-y bg-card sm:rounded-2xl sm:border sm:shadow-sm grid-cols-1 md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section
          aria-label="Conversations"
          className={cn('min-h-0 overflow-y-auto md:border-r', selected && 'max-md:hidden')}
        >
          {threads.isPending ? (
            <SkeletonRows label="Loading conversations" count={3} className="p-3" rowClassName="h-18" />
          ) : threads.isError ? (
            <p role="alert" className="p-6 text-center font-semibold">
              Could not load your messages. Please try again.
            </p>
          ) : (
            <ThreadList
              threads={shown ?? []}
              userId={userId}
              selected={selected}
              returnTo={selected ? null : last}
            />
          )}
        </section>
        <section
          aria-label="Conversation"
          className={cn('flex min-h-0 flex-col', !selected && 'max-md:hidden')}
        >
          {selected ? (
            <ThreadView
              key={`${selected.otherUserId}/${selected.postId}`}
              userId={userId}
              address={selected}
              thread={shown?.find((thread) => sameThread(thread, selected))}
              onGone={() => leave(selected.otherUserId)}
            />
          ) : (
            <div className="grid flex-1 place-items-center p-6 text-center text-muted-foreground">
              <div className="grid justify-items-center gap-2">
                <MessagesSquare className="size-10" aria-hidden="true" />
                <p>Choose a conversation to read it and reply.</p>
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
