import { useLayoutEffect, useRef } from 'react';
import { LoaderCircle } from 'lucide-react';
import { defaultSubject } from '../../../../domain/message-values';
import type { Message } from '../../../../domain/messages';
import { timeAgo } from '../../../../domain/time';
import { Button } from '../../../components/ui/button';
import { focusIsLost } from '../../../lib/focus';
import { cn } from '../../../lib/utils';

interface MessageLogProps {
  /** Oldest first. */
  messages: Message[];
  userId: string;
  otherName: string;
  older: { more: boolean; loading: boolean; load: () => void };
}

/**
 * A conversation as a chat: oldest at the top, the newest at the bottom and in view; older messages
 * on demand above, without the view jumping. A log region, so what arrives is read out.
 */
export function MessageLog({ messages, userId, otherName, older }: MessageLogProps) {
  const box = useRef<HTMLDivElement>(null);
  // Distance from the bottom when older messages were asked for: kept once they are shown.
  const fromBottom = useRef<number | null>(null);
  const newest = messages.at(-1)?.id;
  const oldest = messages[0]?.id;

  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newest]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
    // The last older page took its button away: focus stays in the conversation (docs/decisions/0049).
    if (focusIsLost()) el.focus({ preventScroll: true });
  }, [oldest]);

  const loadOlder = () => {
    if (older.loading || !box.current) return;
    fromBottom.current = box.current.scrollHeight - box.current.scrollTop;
    older.load();
  };

  return (
    <div
      ref={box}
      role="log"
      aria-label={`Messages with ${otherName}`}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
    >
      {(older.more || older.loading) && (
        <div className="mb-4 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            onClick={loadOlder}
            aria-disabled={older.loading}
            aria-busy={older.loading}
          >
            {older.loading && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {older.loading ? 'Loading...' : 'Load older messages'}
          </Button>
        </div>
      )}
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <Bubble
            key={message.id}
            message={message}
            mine={message.fromUserId === userId}
            otherName={otherName}
          />
        ))}
      </ol>
    </div>
  );
}

function Bubble({ message, mine, otherName }: { message: Message; mine: boolean; otherName: string }) {
  // Every message about a post carries 'Re: {title}' (the server's default): only a typed subject is news.
  const subject =
    message.subject && message.subject !== defaultSubject(message.postTitle ?? '') ? message.subject : null;
  return (
    <li
      className={cn(
        'flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]',
        mine ? 'items-end self-end' : 'items-start self-start',
      )}
    >
      <div
        className={cn(
          'rounded-2xl px-3.5 py-2 text-sm leading-relaxed whitespace-pre-line wrap-anywhere',
          mine
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You' : otherName}: </span>
        {subject && <strong className="block font-semibold">{subject}</strong>}
        <p>{message.content}</p>
      </div>
      <time dateTime={message.createdAt} className="px-1 text-xs text-muted-foreground">
        {timeAgo(message.createdAt)}
      </time>
    </li>
  );
}
