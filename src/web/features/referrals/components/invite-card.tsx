import { Link } from 'react-router';
import { Gift } from 'lucide-react';
import { CREDIT_CENTS, usd } from '../../../../domain/payment-values';
import { REFERRAL_MESSAGES, tierProgressText } from '../../../../domain/referral-values';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TierList } from './tier-list';

const HOW = `A friend counts once they join with your link and share a first post. When they first pay, you both get ${usd(CREDIT_CENTS)} of credit.`;

interface InviteCardProps {
  code: string | null;
  /** The member's friends counted toward the tiers, when known. */
  qualified?: number;
  /** The member's access never ends: the tiers' days would add nothing to it (0148). */
  forLife?: boolean;
}

/**
 * Spec §2 invite-code card, for everyone: the tiers. A guest is told how it works and led to sign
 * up for a code; a member sees their code and where they stand, or, when their access never ends,
 * that the rewards add nothing to it.
 */
export function InviteCard({ code, qualified, forLife = false }: InviteCardProps) {
  return (
    <Card className="grid content-start gap-4 p-4 shadow-none sm:p-5">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent">
          <Gift className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h3 className="text-lg font-bold">{code ? 'Your invite code' : 'How inviting works'}</h3>
          <p className="text-sm text-muted-foreground">{HOW}</p>
        </div>
      </div>
      {code ? (
        <div className="grid gap-1">
          <p className="font-mono text-2xl font-bold tracking-widest">{code}</p>
          {forLife ? (
            <p className="text-sm">{REFERRAL_MESSAGES.rewardsAddNothing}</p>
          ) : (
            qualified !== undefined && <p className="text-sm">{tierProgressText(qualified)}</p>
          )}
        </div>
      ) : null}
      {!(code && forLife) && <TierList qualified={code ? qualified : undefined} />}
      {!code && (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button asChild variant="accent">
            <Link to="/register?redirect=/">Sign up for your code</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/login?redirect=/">Sign In</Link>
          </Button>
        </div>
      )}
    </Card>
  );
}
