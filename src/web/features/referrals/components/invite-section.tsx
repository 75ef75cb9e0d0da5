import { Suspense, useState } from 'react';
import { ChevronDown, Gift } from 'lucide-react';
import { TIERS } from '../../../../domain/referral-values';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';
import { cn } from '../../../lib/utils';

const ReferralCards = lazyNamed(() => import('./referral-cards'), 'ReferralCards');

const TIERS_SHORT = TIERS.map(
  (t) => `${t.friends} = ${t.reward.replace('Lifetime access', 'lifetime')}`,
).join(' · ');

/**
 * The invite card and the referral card on the home page, where spec §2 has them (before the
 * filters), folded into one line until opened so the posts stay near the top on a phone
 * (docs/decisions/0082). Their code loads when the line is opened, or reached.
 */
export function InviteSection() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="invite-toggle" className="rounded-2xl border bg-card shadow-sm">
      <h2>
        <button
          id="invite-toggle"
          type="button"
          aria-expanded={open}
          aria-controls="invite-panel"
          onClick={() => setOpen((was) => !was)}
          onPointerEnter={ReferralCards.preload}
          onFocus={ReferralCards.preload}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Gift className="size-5 shrink-0 text-accent" aria-hidden="true" />
          <span className="grid min-w-0 flex-1">
            <span className="text-sm font-semibold sm:text-base">Invite friends, earn free access</span>
            <span className="truncate text-xs text-muted-foreground">
              {user ? `Your code ${user.inviteCode} · ` : 'Friends: '}
              {TIERS_SHORT}
            </span>
          </span>
          <ChevronDown
            className={cn('size-5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id="invite-panel" hidden={!open} className="rounded-b-2xl border-t bg-muted/50 p-3 sm:p-4">
        {open && (
          <Suspense fallback={<Skeleton className="h-72" />}>
            <ReferralCards />
          </Suspense>
        )}
      </div>
    </section>
  );
}
