import { Skeleton } from '../../../components/ui/skeleton';
import { accessNeverEnds } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';
import { useReferralSummary } from '../api/get-referrals';
import { InviteCard } from './invite-card';

/** The invite section's content, loaded when it is first opened: the invite card, with a member's code and progress. */
export function InvitePanel() {
  const { user, actor } = useSession();
  const summary = useReferralSummary(user?.id ?? null);
  if (!user) return <InviteCard code={null} />;
  if (summary.isPending) return <Skeleton role="status" aria-label="Loading your invite code" className="h-72" />;
  // Without the summary, the code from the session, without the progress.
  return (
    <InviteCard
      code={summary.data?.inviteCode ?? user.inviteCode}
      qualified={summary.data?.qualifiedFriends}
      forLife={accessNeverEnds(actor, new Date())}
    />
  );
}
