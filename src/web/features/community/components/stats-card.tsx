import { Skeleton } from '../../../components/ui/skeleton';
import type { CommunityFigures } from '../../../../domain/stats';
import { communityFigures } from '../card-texts';
import { FigureList } from './figure-list';

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
        <FigureList
          className="mt-2 lg:grid-cols-4"
          figures={figures ? communityFigures(figures) : PLACEHOLDERS}
          value={(f) => (figures ? f.value : <Skeleton className="h-7 w-16" />)}
        />
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
