import { useState, type ReactNode } from 'react';
import { Check, Clock, Crown, LoaderCircle, Wallet } from 'lucide-react';
import { CREDIT_CENTS, PRODUCTS, usd } from '../../../../domain/payment-values';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { whenText } from '../../../lib/when-text';
import { PayTabs, type PayProps } from './pay-tabs';
import { endSentence } from '../../../../domain/time';

interface PlanFrameProps {
  id: string;
  title: string;
  price: string;
  per: string;
  perks: string[];
  icon: ReactNode;
  /** `?plan=` chose it: outlined, and scrolled to. */
  chosen: boolean;
  badge?: string;
  children: ReactNode;
}

function PlanFrame({ id, title, price, per, perks, icon, chosen, badge, children }: PlanFrameProps) {
  return (
    <Card
      id={id}
      className={cn(
        'relative flex scroll-mt-24 flex-col gap-5 p-5 sm:p-6',
        chosen && 'border-primary ring-2 ring-primary/40',
        badge && 'border-accent/50',
      )}
    >
      {badge && (
        <Badge
          variant="accent"
          className="absolute -top-3 right-5 border-accent/40 px-3 py-1 tracking-wide uppercase"
        >
          {badge}
        </Badge>
      )}
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary">
          {icon}
        </span>
        <div className="grid gap-0.5">
          <h2 className="text-lg font-bold">{title}</h2>
          <p>
            <span className="text-3xl font-bold tracking-tight">{price}</span>{' '}
            <span className="text-sm text-muted-foreground">{per}</span>
          </p>
        </div>
      </div>
      <ul className="grid gap-1.5 text-sm">
        {perks.map((perk) => (
          <li key={perk} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {perk}
          </li>
        ))}
      </ul>
      {/* The ways to pay at the foot of the card, level with the other plan's. */}
      <div className="mt-auto">{children}</div>
    </Card>
  );
}

/**
 * Spec §2 Subscribe: 24-hour access, $3, 'Get 24-Hour Access'. In demo mode the button pays at
 * once; with a provider it opens the ways to pay. A viewer with referral credit may spend it
 * instead (docs/decisions/0082).
 */
export function DayPassCard({
  chosen,
  followsOn,
  ...pay
}: Omit<PayProps, 'product'> & { chosen: boolean; followsOn: boolean }) {
  const [choosing, setChoosing] = useState(false);
  const { config, buy, pending } = pay;
  const instant = config.card === 'demo';
  const busy = (credit: boolean) =>
    pending?.via === 'instant' && pending.product === 'day' && Boolean(pending.useCredit) === credit;
  const hasCredit = config.creditCents >= CREDIT_CENTS;
  return (
    <PlanFrame
      id="plan-day"
      title="24-Hour Access"
      price={usd(PRODUCTS.day.cents)}
      per="for 24 hours"
      perks={['Every post near you, in full', 'The map with every post', 'Post as much as you like']}
      icon={<Clock className="size-5" aria-hidden="true" />}
      chosen={chosen}
    >
      <div className="grid gap-2">
        {followsOn && (
          <p className="text-sm text-muted-foreground">
            Your 24 hours start when the access you have now ends, so none of it is lost.
          </p>
        )}
        {hasCredit && (
          <>
            <p className="flex items-center gap-2 text-sm">
              <Wallet className="size-4 text-primary" aria-hidden="true" />
              You have {usd(config.creditCents)} of referral credit.
            </p>
            <Button
              size="lg"
              disabled={pending !== null}
              aria-busy={busy(true)}
              onClick={() => buy({ via: 'instant', product: 'day', useCredit: true })}
            >
              {busy(true) && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Use my {usd(CREDIT_CENTS)} credit
            </Button>
          </>
        )}
        {choosing && !instant ? (
          <PayTabs product="day" {...pay} />
        ) : (
          <Button
            size="lg"
            variant={hasCredit ? 'outline' : 'default'}
            disabled={pending !== null}
            aria-busy={busy(false)}
            onClick={() => (instant ? buy({ via: 'instant', product: 'day' }) : setChoosing(true))}
          >
            {busy(false) && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Get 24-Hour Access
          </Button>
        )}
      </div>
    </PlanFrame>
  );
}

/**
 * Spec §2 Subscribe: Lifetime, $9.99, 'BEST VALUE', tabs Credit Card and PayPal, 'Pay $9.99 USD'.
 * A member holding a 24-hour pass that has not started yet is told that lifetime makes it
 * unnecessary, before paying for both (docs/decisions/0133).
 */
export function LifetimeCard({
  chosen,
  waitingPass,
  ...pay
}: Omit<PayProps, 'product'> & { chosen: boolean; waitingPass: Date | null }) {
  return (
    <PlanFrame
      id="plan-lifetime"
      title="Lifetime Access"
      price={usd(PRODUCTS.lifetime.cents)}
      per="once, for good"
      perks={['Every post near you, for good', 'The map with every post', 'No renewals, no subscription']}
      icon={<Crown className="size-5" aria-hidden="true" />}
      chosen={chosen}
      badge="BEST VALUE"
    >
      <div className="grid gap-2">
        {waitingPass && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            {endSentence(`You already have a 24-hour pass that starts ${whenText(waitingPass)}`)} Lifetime access
            covers that time too, and the pass is not refunded.
          </p>
        )}
        <PayTabs {...pay} product="lifetime" />
      </div>
    </PlanFrame>
  );
}
