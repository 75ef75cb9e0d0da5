import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session-provider';
import { useReferralSummary } from '../api/get-referrals';
import { InviteCard } from './invite-card';
import { ReferralCard } from './referral-card';

/** The invite section's content, loaded when it is first opened: the invite card, and a member's referral card. */
export function ReferralCards() {
  const { user, features } = useSession();
  const summary = useReferralSummary(user?.id ?? null);
  if (!user) return <InviteCard code={null} />;
  if (summary.isPending)
    return (
      <div role="status" aria-label="Loading your referrals" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    );
  if (summary.isError)
    return (
      <div className="grid gap-4 md:grid-cols-2">
        <InviteCard code={user.inviteCode} />
        <p role="alert" className="text-sm text-destructive">
          Your referrals could not be loaded. Please try again later.
        </p>
      </div>
    );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InviteCard code={summary.data.inviteCode} qualified={summary.data.qualifiedFriends} />
      <ReferralCard userId={user.id} summary={summary.data} inviteByEmail={features.inviteByEmail} />
    </div>
  );
}
