import { timeAgo } from '../../../domain/time';
import { cn } from '../../lib/utils';

/** A comment's or review's age (spec §4 Comment age display), the full date and time on hover. */
export function TimeAgo({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()} className={cn('text-xs text-muted-foreground', className)}>
      {timeAgo(at)}
    </time>
  );
}
