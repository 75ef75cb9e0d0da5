import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Crown } from 'lucide-react';
import { isActive, KINDNESS } from '../../../../domain/access';
import { LIMITS } from '../../../../domain/limits';
import { PAYMENT_MESSAGES } from '../../../../domain/payment-values';
import type { Receipt } from '../../../../domain/payments';
import { isMember } from '../../../../domain/policy';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { useSession } from '../../../lib/session-provider';
import { usePaymentsConfig } from '../api/get-payments';
import { alreadyPremium, usePurchase } from '../api/purchase';
import { KindnessCard } from './kindness';
import type { PayProps } from './pay-tabs';
import { DayPassCard, LifetimeCard } from './plan-cards';
import { ReceiptCard, ReceiptsSection } from './receipts';
import { DemoNote, Initialising, OrDivider, SubscriptionErrorCard } from './subscribe-states';
import { useReturningPayment } from './use-returning-payment';

type Plan = 'day' | 'lifetime' | 'kindness';
const planOf = (value: string | null): Plan | null =>
  value === 'day' || value === 'lifetime' || value === 'kindness' ? value : null;

/**
 * Spec §2/§4 Subscribe (/subscribe): an initialising spinner, then a receipt, the plan cards or the
 * error card; `?plan=day|lifetime` outlines and scrolls to a plan (`kindness` scrolls to the
 * Kindness Button); the viewer's receipts and credit below (docs/decisions/0082).
 */
export function SubscribePage() {
  const [params] = useSearchParams();
  const plan = planOf(params.get('plan'));
  const navigate = useNavigate();
  const session = useSession();
  const config = usePaymentsConfig();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const purchase = usePurchase(setReceipt);
  const returning = useReturningPayment(purchase.paid);
  const lifetime = session.actor.grants.some((g) => g.kind === 'lifetime' && isActive(g, new Date()));

  // Spec §8: an init failure is told once in a toast, and the error card stays.
  useEffect(() => {
    if (config.isError) toast({ variant: 'destructive', title: PAYMENT_MESSAGES.initFailed });
  }, [config.isError]);

  // Spec §4: 'Already Premium' for a viewer who already held lifetime access when the page opened.
  const told = useRef(false);
  useEffect(() => {
    if (session.isLoading || told.current) return;
    told.current = true;
    if (lifetime) alreadyPremium();
  }, [session.isLoading, lifetime]);

  const ready = config.isSuccess && !returning;
  useEffect(() => {
    if (ready && plan) document.getElementById(`plan-${plan}`)?.scrollIntoView({ block: 'start' });
  }, [ready, plan]);

  const kindnessGranted = () => setTimeout(() => navigate('/'), KINDNESS.redirectMs);
  const noWayToPay = config.data && !config.data.card && !config.data.paypal;

  let body;
  let shownAbove: string | null = null;
  if (config.isPending || returning)
    body = <Initialising label={returning ? 'Confirming your payment…' : undefined} />;
  else if (config.isError || noWayToPay)
    body = <SubscriptionErrorCard onRetry={config.isError ? () => void config.refetch() : undefined} />;
  else if (receipt) {
    body = <ReceiptCard receipt={receipt} onDone={() => setReceipt(null)} />;
    shownAbove = receipt.transactionId;
  }
  else if (lifetime) body = <LifetimeHeld />;
  else
    body = (
      <Plans
        plan={plan}
        pay={{ config: config.data, buy: purchase.buy, pending: purchase.pending, onPaid: purchase.paid }}
        onKindness={kindnessGranted}
      />
    );

  return (
    <Page
      title="Plans and access"
      description="See every post near you. Pay once for a day or for good, or take free access if you need it."
    >
      <div className="grid gap-8">
        {config.data?.demoMode && <DemoNote />}
        {body}
        <ReceiptsSection
          signedIn={isMember(session.actor)}
          creditCents={config.data?.creditCents ?? 0}
          settled={!config.isPending && !returning}
          shownAbove={shownAbove}
        />
      </div>
    </Page>
  );
}

/** Timed access the viewer holds now (trial, pass, kindness): a day pass bought now follows on from it. */
const TIMED = new Set(['trial', 'day', 'kindness']);

function Plans({
  plan,
  pay,
  onKindness,
}: {
  plan: Plan | null;
  pay: Omit<PayProps, 'product'>;
  onKindness: () => void;
}) {
  const { actor } = useSession();
  const now = new Date();
  const followsOn = actor.grants.some((g) => TIMED.has(g.kind) && isActive(g, now) && g.endsAt !== null);
  // A day pass bought to follow the access one has now, not started yet: the earliest.
  const waitingPass = actor.grants.filter((g) => g.kind === 'day' && g.startsAt > now).sort((a, b) => +a.startsAt - +b.startsAt)[0];
  const kindnessUntil = actor.grants.find((g) => g.kind === 'kindness' && isActive(g, now))?.endsAt ?? null;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 pt-3 md:grid-cols-2">
        <DayPassCard chosen={plan === 'day'} followsOn={followsOn} {...pay} />
        <LifetimeCard chosen={plan === 'lifetime'} waitingPass={waitingPass?.startsAt ?? null} {...pay} />
      </div>
      <OrDivider />
      <KindnessCard onGranted={onKindness} heldUntil={kindnessUntil} />
      {!isMember(actor) && (
        <p className="text-center text-sm text-muted-foreground">
          Or{' '}
          <Link to="/register?redirect=/" className="font-semibold text-primary hover:underline">
            start a free {LIMITS.trialDays}-day trial
          </Link>{' '}
          with an account: no payment needed.
        </p>
      )}
    </div>
  );
}

/** A lifetime holder has nothing left to buy: what they have, and the way to the posts. */
function LifetimeHeld() {
  return (
    <Card className="grid max-w-xl gap-4 border-2 border-primary/30 p-6">
      <div className="flex items-start gap-3">
        <Crown className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="text-lg font-bold">You have lifetime access</h2>
          <p className="text-sm text-muted-foreground">
            Every post is yours to see, for good. Thank you for your support!
          </p>
        </div>
      </div>
      <Button asChild className="justify-self-start">
        <Link to="/">See every post</Link>
      </Button>
    </Card>
  );
}
