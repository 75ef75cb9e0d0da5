import { Suspense, useEffect } from 'react';
import { ChevronDown, Sparkles } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';
import { cn } from '../../../lib/utils';
import { REMEMBERED_KEYS, useRemembered } from '../remembered';

const MemberCards = lazyNamed(() => import('./member-cards'), 'MemberCards');

/** Open at first on a wide screen; on a phone folded, so the posts stay near the top (docs/decisions/0087). */
const wide = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches === true;

/**
 * Spec §2 Home, for members: the views analytics dashboard and the community impact card, behind
 * one line that opens them, remembered on the device. Their code is its own chunk.
 */
export function MemberSection() {
  const { user, isLoading } = useSession();
  const [open, setOpen] = useRemembered(REMEMBERED_KEYS.memberCards, wide);
  const [wasMember, setWasMember] = useRemembered(REMEMBERED_KEYS.member, () => false);
  useEffect(() => {
    if (!isLoading) setWasMember(user !== null);
  }, [isLoading, user, setWasMember]);
  // A member's device keeps the section's line while the session loads, so the list does not move.
  if (isLoading && wasMember) return <Skeleton className="h-[4.125rem] rounded-2xl" />;
  if (!user) return null;
  return (
    <section aria-labelledby="member-cards-toggle" className="rounded-2xl border bg-card shadow-sm">
      <h2>
        <button
          id="member-cards-toggle"
          type="button"
          aria-expanded={open}
          aria-controls="member-cards-panel"
          onClick={() => setOpen(!open)}
          onPointerEnter={MemberCards.preload}
          onFocus={MemberCards.preload}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Sparkles className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="grid min-w-0 flex-1">
            <span className="text-sm font-semibold sm:text-base">Your views and impact</span>
            <span className="truncate text-xs text-muted-foreground">
              Who saw your posts, what you saved, your badges
            </span>
          </span>
          <ChevronDown
            className={cn('size-5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id="member-cards-panel" hidden={!open} className="rounded-b-2xl border-t bg-muted/50 p-3 sm:p-4">
        {open && (
          <Suspense
            fallback={
              <div
                role="status"
                aria-label="Loading your views and impact"
                className="grid gap-4 lg:grid-cols-2"
              >
                <Skeleton className="h-96" />
                <Skeleton className="h-96" />
              </div>
            }
          >
            <MemberCards userId={user.id} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
