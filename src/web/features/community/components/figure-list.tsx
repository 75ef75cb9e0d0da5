import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';
import type { Figure } from '../card-texts';

/** Figures with their names, what each counts, and 'estimated' where it is one (DECISIONS 10). */
export function FigureList({
  figures,
  className,
  value,
}: {
  figures: Figure[];
  className?: string;
  value: (f: Figure) => ReactNode;
}) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-3', className)}>
      {figures.map((f) => (
        <div key={f.label} className="grid content-start">
          <dt className="order-2 text-sm font-medium">
            {f.label}
            {/* A space, not a margin only: read out, 'Waste prevented estimated', not '…preventedestimated'. */}
            {f.estimated && (
              <>
                {' '}
                <span className="rounded bg-muted px-1 text-xs font-normal">estimated</span>
              </>
            )}
          </dt>
          <dd className="order-1 h-8 text-2xl font-bold tabular-nums">{value(f)}</dd>
          <dd className="order-3 text-xs text-muted-foreground">{f.counts}</dd>
        </div>
      ))}
    </dl>
  );
}
