import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { INBOX_TEXT, threadPath, threadTopic } from '../../../../domain/message-values';
import type { Thread } from '../../../../domain/messages';
import { timeAgo } from '../../../../domain/time';
import { Button } from '../../../components/ui/button';
import { unreadText } from '../../../components/ui/count-badge';
import { focusIsLost } from '../../../lib/focus';
import { cn } from '../../../lib/utils';
import { OwnerAvatar } from '../../posts';
import { rowAfterLeave } from './row-after-leave';

/** Which conversation a link or view is about: the other member and the post (null for none). */
export interface ThreadAddress {
  otherUserId: string;
  postId: string | null;
}

export const sameThread = (a: ThreadAddress | null, b: ThreadAddress | null) =>
  a !== null && b !== null && a.otherUserId === b.otherUserId && a.postId === b.postId;

interface ThreadListProps {
  threads: Thread[];
  userId: string;
  selected: ThreadAddress | null;
  /**
   * The conversation just left, on a phone or gone with its member: its link takes focus back
   * (docs/decisions/0049), or the row that took its place (0152).
   */
  returnTo: ThreadAddress | null;
}

/** The inbox (DECISIONS 14): one row per member and post, newest first, with the unread count. */
export function ThreadList({ threads, userId, selected, returnTo }: ThreadListProps) {
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLHeadingElement>(null);
  const rows = threads.map((thread) => threadPath(thread.otherUserId, thread.postId));
  // The rows last drawn with the open conversation's among them: a row that left with its
  // conversation was there, also when the list asked again came back without it first.
  const open = selected && threadPath(selected.otherUserId, selected.postId);
  const drawn = useRef<{ rows: readonly string[]; returnTo: ThreadAddress | null }>({ rows, returnTo: null });
  useEffect(() => {
    const was = drawn.current;
    drawn.current = { rows: open && !rows.includes(open) && was.rows.includes(open) ? was.rows : rows, returnTo };
    if (!returnTo || returnTo === was.returnTo || !focusIsLost()) return;
    const row = rowAfterLeave(was.rows, rows, threadPath(returnTo.otherUserId, returnTo.postId));
    (row ? list.current?.querySelector<HTMLElement>(`[data-thread="${row}"]`) : empty.current)?.focus();
  });

  if (threads.length === 0) return <NoThreads starting={selected !== null} heading={empty} />;
  return (
    <ul ref={list} className="flex flex-col gap-1 p-2" aria-label="Conversations">
      {threads.map((thread) => {
        const path = threadPath(thread.otherUserId, thread.postId);
        const current = sameThread(selected, thread);
        const mine = thread.last.fromUserId === userId;
        return (
          <li key={path}>
            <Link
              to={path}
              data-thread={path}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex gap-3 rounded-xl p-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                current && 'bg-primary-soft hover:bg-primary-soft',
              )}
            >
              <OwnerAvatar name={thread.otherName} className="size-10" />
              <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate', thread.unread > 0 ? 'font-bold' : 'font-semibold')}>
                    {thread.otherName}
                  </span>
                  <time dateTime={thread.last.createdAt} className="shrink-0 text-xs text-muted-foreground">
                    {timeAgo(thread.last.createdAt)}
                  </time>
                </span>
                <span className="truncate text-xs font-medium text-primary-hover">
                  {threadTopic(thread.postTitle, thread.postDeleted)}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm',
                      thread.unread > 0 ? 'text-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {mine && 'You: '}
                    {thread.last.content}
                  </span>
                  {thread.unread > 0 && (
                    <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-accent px-1.5 text-[11px] font-bold text-accent-foreground">
                      <span aria-hidden="true">{thread.unread}</span>
                      <span className="sr-only">{unreadText(thread.unread)}</span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An empty inbox: how to start a conversation; or, while the first one is being started beside it
 * (a Message button's link), that it will show here once sent.
 */
function NoThreads({ starting, heading }: { starting: boolean; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="grid place-items-center gap-3 px-6 py-14 text-center">
      <Inbox className="size-10 text-primary" aria-hidden="true" />
      {/* Takes the focus when the last conversation left with its member (0152). */}
      <h2
        ref={heading}
        tabIndex={-1}
        className="rounded-sm text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        No messages yet
      </h2>
      <p className="max-w-xs text-sm text-muted-foreground">{starting ? INBOX_TEXT.starting : INBOX_TEXT.empty}</p>
      {!starting && (
        <Button asChild>
          <Link to="/">Browse Posts</Link>
        </Button>
      )}
    </div>
  );
}
