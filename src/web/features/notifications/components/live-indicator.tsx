import { useLiveStatus } from '../../../lib/live-provider';
import { cn } from '../../../lib/utils';

/** Whether new notifications arrive as they happen (spec §2 Header: Live or Offline, the socket's state). */
export function LiveIndicator() {
  const live = useLiveStatus() === 'connected';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold',
        live ? 'bg-primary-soft text-primary-hover' : 'bg-muted text-muted-foreground',
      )}
      title={
        live
          ? 'New notifications arrive as they happen'
          : 'Reconnecting: new notifications show when you are back online'
      }
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', live ? 'bg-primary' : 'bg-muted-foreground')}
      />
      {live ? 'Live' : 'Offline'}
    </span>
  );
}
