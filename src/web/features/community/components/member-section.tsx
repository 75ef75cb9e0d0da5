import { Suspense, useEffect } from 'react';
import { Sparkles } from 'lucide-react';
import { FoldSection } from '../../../components/ui/fold-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';
import { REMEMBERED_KEYS, useRemembered } from '../remembered';

const MemberCards = lazyNamed(() => import('./member-cards'), 'MemberCards');

/** Open at first on a wide screen; on a phone folded, so the posts stay near the top (docs/decisions/0087). */
const wide = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches === true;

/**
 * Spec §2 Home, for members: the views analytics dashboard, the community impact card and the
 * referral card, behind one line that opens them, remembered on the device. Their code is its own chunk.
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
    <FoldSection
      id="member-cards"
      icon={<Sparkles className="size-5 shrink-0 text-primary" aria-hidden="true" />}
      title="Your views, impact and referrals"
      summary="Who saw your posts, what you saved, your badges, your friends"
      open={open}
      onToggle={() => setOpen(!open)}
      onPreload={MemberCards.preload}
      panelClassName="bg-muted/50 p-3 sm:p-4"
    >
      <Suspense
        fallback={
          <div role="status" aria-label="Loading your views, impact and referrals" className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-96 lg:h-[34rem]" />
            <Skeleton className="h-96 lg:h-[34rem]" />
          </div>
        }
      >
        <MemberCards userId={user.id} />
      </Suspense>
    </FoldSection>
  );
}
