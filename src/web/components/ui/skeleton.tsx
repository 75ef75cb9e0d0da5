import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-muted', className)} {...props} />;
}

/** A list's rows while it loads: one status for screen readers, named by `label`. */
export function SkeletonRows({
  label,
  count,
  className,
  rowClassName,
}: {
  label: string;
  count: number;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} className={cn('grid gap-2', className)}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
