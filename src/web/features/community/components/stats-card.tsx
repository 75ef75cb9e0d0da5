import { Skeleton } from '../../../components/ui/skeleton';
import type { CommunityFigures } from '../../../../domain/stats';
import { communityFigures } from '../card-texts';

/** Spec §2 Home: the community stats card, every figure from the database and saying what it counts. */
export function StatsCard({ figures, failed }: { figures: CommunityFigures | undefined; failed: boolean }) {
  return (
    <section aria-labelledby="stats-title" className="rounded-2xl border bg-card p-4 shadow-sm">
      <h2 id="stats-title" className="text-sm font-semibold text-muted-foreground">
        Our community so far
      </h2>
      {failed ? (
        <p className="mt-2 min-h-24 text-sm text-muted-foreground">
          The figures could not be loaded just now.
        </p>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-4">
          {(figures ? communityFigures(figures) : PLACEHOLDERS).map((f) => (
            <div key={f.label} className="grid content-start">
              <dt className="order-2 text-sm font-medium">
                {f.label}
                {f.estimated && (
                  <span className="ml-1 rounded bg-muted px-1 text-xs font-normal">estimated</span>
                )}
              </dt>
              <dd className="order-1 h-8 text-2xl font-bold tabular-nums">
                {figures ? f.value : <Skeleton className="h-7 w-16" />}
              </dd>
              <dd className="order-3 text-xs text-muted-foreground">{f.counts}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The same four slots while loading, so nothing moves when the figures arrive. */
const PLACEHOLDERS = communityFigures({
  postsShared: 0,
  members: 0,
  postsGivenAway: 0,
  estimatedLbsSaved: 0,
});
