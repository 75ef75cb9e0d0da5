import { useId } from 'react';
import { RATING_MESSAGES, type UserRating } from '../../../../domain/members';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TimeAgo } from '../../../components/ui/time-ago';
import { useSession } from '../../../lib/session-provider';
import { useRatings } from '../api/get-ratings';
import { Stars } from './stars';

/**
 * 'Community Reviews' (spec §2 dialog 4): three skeleton rows while loading, then the newest
 * first. The member's own profile does not invite them to rate themself.
 */
export function ReviewsList({ userId }: { userId: string }) {
  const ratings = useRatings(userId);
  const own = useSession().actor.userId === userId;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        Community Reviews
      </h3>
      {ratings.isPending ? (
        <div role="status" aria-label="Loading reviews" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="grid gap-2 rounded-xl border p-3">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-3 w-full" />
            </div>
          ))}
        </div>
      ) : ratings.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p>Could not load the reviews.</p>
          <Button variant="outline" size="sm" onClick={() => void ratings.refetch()}>
            Try again
          </Button>
        </div>
      ) : ratings.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{own ? RATING_MESSAGES.emptyOwnList : RATING_MESSAGES.emptyList}</p>
      ) : (
        <ul className="grid gap-3">
          {ratings.data.map((review) => (
            <Review key={review.id} review={review} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Review({ review }: { review: UserRating }) {
  return (
    <li className="grid gap-1.5 rounded-xl border p-3">
      <div className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-semibold">{review.raterName}</span>
        <TimeAgo at={review.createdAt} className="shrink-0" />
      </div>
      <Stars average={review.rating} label={`${review.rating} out of 5 stars`} className="text-sm" />
      {review.comment && <p className="text-sm whitespace-pre-line">{review.comment}</p>}
    </li>
  );
}
