import { Star } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { starFills } from '../trust-text';

/** An average as five stars, filled by quarters (spec §2 dialog 4); one image for screen readers. */
export function Stars({ average, label, className }: { average: number | null; label: string; className?: string }) {
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {starFills(average).map((fill, i) => (
        <span key={i} className="relative inline-block size-[1em]">
          <Star className="absolute inset-0 size-full text-amber-500/40" aria-hidden="true" />
          <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
            <Star className="size-[1em] fill-amber-400 text-amber-500" aria-hidden="true" />
          </span>
        </span>
      ))}
    </span>
  );
}
