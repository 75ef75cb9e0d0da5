import { statusLabel } from '../../../../domain/post-values';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

const STATUS_STYLE: Record<string, string> = {
  available: 'bg-primary-soft text-primary-hover',
  limited: 'bg-amber-100 text-amber-900',
  unavailable: 'bg-muted text-muted-foreground',
  seasonal: 'bg-sky-100 text-sky-900',
};

/** A post's status (spec §4): Available, Limited, Unavailable, Seasonal, or Unknown. */
export function PostStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn('border-transparent', STATUS_STYLE[status] ?? 'bg-muted text-foreground', className)}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {statusLabel(status)}
    </Badge>
  );
}
