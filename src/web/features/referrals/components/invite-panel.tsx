import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session-provider';
import { useReferralSummary } from '../api/get-referrals';
import { InviteCard } from './invite-card';

/**
 * The invite section's content, loaded when it is first opened: the invite card, with a member's
 * code and progress. `forLife`: the member's access never ends (the section's own reading).
 */
export function InvitePanel({ forLife }: { forLife: boolean }) {
  const { user } = useSession();
  const summary = useReferralSummary(user?.id ?? null);
  if (!user) return <InviteCard code={null} />;
  if (summary.isPending) return <Skeleton role="status" aria-label="Loading your invite code" className="h-72" />;
  // Without the summary, the code from the session, without the progress.
  return (
    <InviteCard
      code={summary.data?.inviteCode ?? user.inviteCode}
      qualified={summary.data?.qualifiedFriends}
      forLife={forLife}
    />
  );
}
