import { MapPin } from 'lucide-react';
import { formatCount } from '../../../../domain/numbers';
import type { CommunityFigures } from '../../../../domain/stats';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { isAreaActive, POPULAR_COUNTS } from '../card-texts';

interface PopularLocationsProps {
  areas: CommunityFigures['popularAreas'] | undefined;
  /** The list's filters now, to mark the area they filter by. */
  filters: Parameters<typeof isAreaActive>[1];
  /** An area clicked: the list filters by it; clicked again, the filter goes. */
  onArea: (area: string, active: boolean) => void;
}

/** Spec §2 Home: the top eight areas (a town or neighbourhood, never a street); one clicked filters the list. */
export function PopularLocations({ areas, filters, onArea }: PopularLocationsProps) {
  return (
    <section aria-labelledby="popular-title" className="rounded-2xl border bg-card px-4 py-3 shadow-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 id="popular-title" className="text-sm font-semibold sm:text-base">
          Popular locations
        </h2>
        <p className="text-xs text-muted-foreground">{POPULAR_COUNTS}</p>
      </div>
      {/* The chips draw their focus ring inside their edge: the scrolling list would clip one outside it. */}
      <ul className="-mx-1 mt-2 flex h-10 gap-2 overflow-x-auto px-1 pb-1">
        {!areas &&
          Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-28 shrink-0 rounded-full" />
          ))}
        {areas?.length === 0 && (
          <li className="text-sm text-muted-foreground">No posts in the last weeks yet.</li>
        )}
        {areas?.map(({ area, posts }) => {
          const active = isAreaActive(area, filters);
          return (
            // `relative`: the count's screen-reader word is absolutely positioned; held here, the
            // list's scrolling clips it, where the page would otherwise grow as wide as the list.
            <li key={area} className="relative shrink-0">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onArea(area, active)}
                className={cn(
                  'flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  active ? 'border-primary bg-primary text-primary-foreground focus-visible:outline-primary-foreground' : 'bg-card hover:bg-muted',
                )}
              >
                <MapPin className="size-3.5" aria-hidden="true" />
                {area}
                <span className={cn('text-xs', active ? 'text-primary-foreground' : 'text-muted-foreground')}>
                  {formatCount(posts)}
                  <span className="sr-only"> {posts === 1 ? 'post' : 'posts'}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
