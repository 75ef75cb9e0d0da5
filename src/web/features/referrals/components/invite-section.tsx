import { Suspense, useState } from 'react';
import { Gift } from 'lucide-react';
import { TIERS } from '../../../../domain/referral-values';
import { FoldSection } from '../../../components/ui/fold-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyNamed } from '../../../lib/lazy';
import { accessNeverEnds } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';

const InvitePanel = lazyNamed(() => import('./invite-panel'), 'InvitePanel');

const TIERS_SHORT = TIERS.map(
  (t) => `${t.friends} = ${t.reward.replace('Lifetime access', 'lifetime')}`,
).join(' · ');

/**
 * The invite card on the home page, where spec §2 has it (before the filters), folded into one
 * line until opened so the posts stay near the top on a phone (docs/decisions/0082). Its code
 * loads when the line is opened, or reached. A member's referral card comes last, with their own
 * cards (MemberReferralCard, in the community feature's member section).
 */
export function InviteSection() {
  const { user, actor } = useSession();
  const [open, setOpen] = useState(false);
  // A member whose access never ends is not promised days of it (0148).
  const forLife = user !== null && accessNeverEnds(actor, new Date());
  return (
    <FoldSection
      id="invite"
      icon={<Gift className="size-5 shrink-0 text-accent" aria-hidden="true" />}
      title={forLife ? 'Invite friends' : 'Invite friends, earn free access'}
      summary={
        <>
          {user ? `Your code ${user.inviteCode} · ` : 'Friends: '}
          {forLife ? 'they start with a free trial' : TIERS_SHORT}
        </>
      }
      open={open}
      onToggle={() => setOpen((was) => !was)}
      onPreload={InvitePanel.preload}
      panelClassName="bg-muted/50 p-3 sm:p-4"
    >
      <Suspense fallback={<Skeleton className="h-72" />}>
        <InvitePanel forLife={forLife} />
      </Suspense>
    </FoldSection>
  );
}
