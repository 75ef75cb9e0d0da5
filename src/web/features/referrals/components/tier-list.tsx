import { Check, Gift } from 'lucide-react';
import { friendsWord, TIERS, tierText } from '../../../../domain/referral-values';
import { cn } from '../../../lib/utils';

/**
 * The invite tiers (spec §2 invite card, §9): 1 friend = +7 days, 3 = +1 month, 5 = lifetime; with
 * `qualified`, those reached are ticked and the next shows how far along it is.
 */
export function TierList({ qualified }: { qualified?: number }) {
  const next = qualified === undefined ? null : TIERS.find((t) => qualified < t.friends);
  return (
    <ol className="grid gap-2" aria-label="Invite rewards">
      {TIERS.map((tier) => {
        const reached = qualified !== undefined && qualified >= tier.friends;
        const isNext = tier === next;
        return (
          <li
            key={tier.friends}
            className={cn(
              'grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 rounded-xl border px-3 py-2.5 text-sm',
              reached ? 'border-primary/40 bg-primary-soft' : 'bg-card',
            )}
          >
            <span
              className={cn(
                'grid size-7 place-items-center rounded-full',
                reached ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {reached ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Gift className="size-4" aria-hidden="true" />
              )}
            </span>
            <span className="font-medium">
              {tierText(tier)}
              {reached && <span className="sr-only"> (reached)</span>}
            </span>
            {isNext && qualified !== undefined && (
              <progress
                className="col-start-2 h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary"
                max={tier.friends}
                value={qualified}
                aria-label={`${qualified} of ${friendsWord(tier.friends)} for ${tier.reward}`}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
