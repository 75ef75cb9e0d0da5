import { Award, Leaf } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { useImpact } from '../api/get-member-figures';
import { impactFigures } from '../card-texts';
import { FigureList } from './figure-list';

/** Spec §2 Home (members): the community impact card, each estimate with its formula, each badge with its rule. */
export function ImpactCard({ userId }: { userId: string }) {
  const impact = useImpact(userId);
  return (
    <section
      aria-labelledby="impact-title"
      className="grid content-start gap-3 rounded-2xl border bg-card p-4 shadow-sm lg:min-h-[34rem]"
    >
      <h2 id="impact-title" className="flex items-center gap-2 font-semibold">
        <Leaf className="size-5 text-primary" aria-hidden="true" />
        Your community impact
      </h2>
      {impact.isError && (
        <p className="text-sm text-muted-foreground">Your impact could not be loaded just now.</p>
      )}
      {!impact.data && !impact.isError && <Skeleton className="h-80" />}
      {impact.data && (
        <>
          <FigureList figures={impactFigures(impact.data)} value={(f) => f.value} />
          <h3 className="text-sm font-semibold">Badges</h3>
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {impact.data.badges.map((b) => (
              <li
                key={b.name}
                className={cn(
                  'flex items-start gap-2 rounded-lg border px-2 py-1.5 text-sm',
                  b.earned ? 'border-primary/40 bg-primary-soft' : 'border-dashed',
                )}
              >
                <Award
                  className={cn(
                    'mt-0.5 size-4 shrink-0',
                    b.earned ? 'text-primary' : 'text-muted-foreground',
                  )}
                  aria-hidden="true"
                />
                <span className="grid">
                  <span className="font-medium">
                    {b.name}{' '}
                    <span className="text-xs font-normal text-muted-foreground">
                      {b.earned ? '(earned)' : '(not yet)'}
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground">{b.rule}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
