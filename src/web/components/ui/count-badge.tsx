import { unreadBadge } from '../../../domain/notification-values';
import { cn } from '../../lib/utils';

/**
 * The small count on a header icon (unread notifications or messages), '9+' above 9 (spec §2
 * Header). Hidden from screen readers: the control's name says the count in words.
 */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute -top-2 -right-2.5 grid h-[18px] min-w-[18px] place-items-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-accent-foreground ring-2 ring-background',
        className,
      )}
    >
      {unreadBadge(count)}
    </span>
  );
}

/** ', 3 unread' (or ', 3 pending') after a control's name, for screen readers; nothing when there are none. */
export const unreadText = (count: number, word = 'unread') => (count > 0 ? `, ${count} ${word}` : '');
