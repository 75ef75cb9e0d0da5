import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Star } from 'lucide-react';
import { LIMITS } from '../../../../domain/limits';
import type { PublicProfile } from '../../../../domain/members';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { cn } from '../../../lib/utils';
import { useRateMember } from '../api/rate-member';

const DEFAULT_STARS = 5;

/**
 * The rating form (spec §2 dialog 4, §5): stars 1-5 (5 by default), an optional comment of at most
 * 300 characters with its counter. A member rated before finds their rating filled in, and sending
 * again updates it (DECISIONS 20). Closed after success; it opens afresh next time.
 */
export function RatingForm({ profile, onClose }: { profile: PublicProfile; onClose: () => void }) {
  const mine = profile.viewer.myRating;
  const [stars, setStars] = useState(mine?.rating ?? DEFAULT_STARS);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const rate = useRateMember(profile.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: outside 1-5 nothing is sent.
    if (!Number.isInteger(stars) || stars < 1 || stars > 5) return;
    rate.mutate({ rating: stars, comment: comment.trim() }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={onSubmit} aria-label={`Rate ${profile.username}`} className="grid gap-4 rounded-xl border bg-muted/40 p-4">
      {mine && (
        <p className="text-sm">
          You rated {profile.username} {mine.rating} out of 5. Sending again updates your rating.
        </p>
      )}
      <StarsInput value={stars} onChange={setStars} />
      <CountedTextarea
        label="Comment (optional)"
        value={comment}
        onValueChange={setComment}
        max={LIMITS.ratingCommentMax}
        placeholder="How did the pickup go?"
        className="min-h-20 bg-card"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rate.isPending} aria-busy={rate.isPending}>
          {rate.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {mine ? 'Update Rating' : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarsInput({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              className={cn('size-8', n <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
              aria-hidden="true"
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        <span className="ml-2 text-sm font-semibold" aria-hidden="true">
          {value}/5
        </span>
      </div>
    </fieldset>
  );
}
