import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session-provider';
import { useReferralSummary } from '../api/get-referrals';
import { ReferralCard } from './referral-card';

/** Spec §2 referral card, last of a member's home cards: loading, its error, or the card. */
export function MemberReferralCard({ userId }: { userId: string }) {
  const { features } = useSession();
  const summary = useReferralSummary(userId);
  if (summary.isPending) return <Skeleton role="status" aria-label="Loading your referrals" className="h-72" />;
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your referrals could not be loaded. Please try again later.
      </p>
    );
  return <ReferralCard userId={userId} summary={summary.data} inviteByEmail={features.inviteByEmail} />;
}
