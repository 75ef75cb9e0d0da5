import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { CREDIT_CENTS, usd } from '../../../../domain/payment-values';
import { CREDIT_UNUSABLE_TEXT, REFERRAL_MESSAGES } from '../../../../domain/referral-values';
import type { Referral, ReferralSummary } from '../../../../domain/referrals';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { useReferrals } from '../api/get-referrals';
import { CopyLink } from '../../../components/ui/copy-link';
import { InviteForm } from './invite-form';
import { accessNeverEnds } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-xl bg-muted/70 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-bold">{value}</dd>
    </div>
  );
}

function FriendRow({ referral }: { referral: Referral }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="font-medium">{referral.friendName}</span>
      <span className="flex gap-1.5">
        <Badge variant={referral.qualified ? 'default' : 'outline'}>
          {referral.qualified ? 'Shared a post' : 'No post yet'}
        </Badge>
        {referral.bonusGranted === 'true' && <Badge variant="accent">{usd(CREDIT_CENTS)} each</Badge>}
      </span>
    </li>
  );
}

interface ReferralCardProps {
  userId: string;
  summary: ReferralSummary;
  /** Invitations by mail are set up on this server (features.inviteByEmail). */
  inviteByEmail: boolean;
}

/**
 * Spec §2 referral card (members): the link to copy, an invitation by mail (or, without mail set
 * up, the link only and why), the friends counted, the total earned and the credit left.
 */
export function ReferralCard({ userId, summary, inviteByEmail }: ReferralCardProps) {
  const friends = useReferrals(userId).data ?? [];
  const forLife = accessNeverEnds(useSession().actor, new Date());
  return (
    <Card className="grid content-start gap-4 p-4 shadow-none sm:p-5">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary">
          <Users className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h3 className="text-lg font-bold">Your referrals</h3>
          <p className="text-sm text-muted-foreground">
            Share your link; friends who join start a free trial.
          </p>
        </div>
      </div>
      <CopyLink link={summary.referralLink} />
      {inviteByEmail ? (
        <InviteForm userId={userId} />
      ) : (
        <p className="rounded-lg bg-muted px-3 py-2.5 text-sm text-muted-foreground">
          {REFERRAL_MESSAGES.mailOff}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2">
        <Stat label="Friends joined" value={String(summary.friends)} />
        <Stat label="Counted for rewards" value={String(summary.qualifiedFriends)} />
        <Stat label="Total earned" value={usd(Math.round(summary.totalEarned * 100))} />
        <Stat label={forLife ? 'Credit' : 'Credit to spend'} value={usd(summary.creditCents)} />
      </dl>
      {forLife && summary.creditCents > 0 && <p className="text-sm text-muted-foreground">{CREDIT_UNUSABLE_TEXT}</p>}
      {!forLife && summary.creditCents >= CREDIT_CENTS && (
        <Link to="/subscribe?plan=day" className="text-sm font-semibold text-primary hover:underline">
          Spend your credit on a 24-hour pass
        </Link>
      )}
      {friends.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-semibold">Friends who joined</h4>
          <ul className="divide-y">
            {friends.map((referral) => (
              <FriendRow key={referral.id} referral={referral} />
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
