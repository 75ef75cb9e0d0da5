import { Link } from 'react-router';
import { ArrowLeft, Info, LoaderCircle, TriangleAlert } from 'lucide-react';
import { PAYMENT_MESSAGES, PAYMENT_TEXTS, titled } from '../../../../domain/payment-values';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

/** Spec §2 Subscribe: first an initialising spinner (also while a returning payment is confirmed). */
export function Initialising({ label = 'Getting your plans ready…' }: { label?: string }) {
  return (
    <Card role="status" className="grid place-items-center gap-3 px-6 py-16 text-center">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
    </Card>
  );
}

const SUBSCRIPTION_ERROR = titled(PAYMENT_MESSAGES.subscriptionError);

/** Spec §8: 'Subscription Error - Unable to initialize subscription. Please try again later.' */
export function SubscriptionErrorCard({ onRetry }: { onRetry?: () => void }) {
  return (
    <Card role="alert" className="grid max-w-xl gap-4 border-destructive/40 p-6">
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="text-lg font-bold">{SUBSCRIPTION_ERROR.title}</h2>
          <p className="text-sm text-muted-foreground">{SUBSCRIPTION_ERROR.description}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        <Button variant="outline" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** Demo mode (DECISIONS 9): said plainly wherever a payment can start. */
export function DemoNote({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border border-accent/30 bg-accent-soft px-3 py-2.5 text-sm text-accent-hover',
        className,
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">{PAYMENT_TEXTS.demoNote}.</strong> Payments, receipts and access
        work as they will with a real provider.
      </span>
    </p>
  );
}

/** Spec §2 Subscribe: the 'or' between the plans and the Kindness Button. */
export function OrDivider() {
  return (
    <div
      className="flex items-center gap-3 text-sm font-semibold text-muted-foreground uppercase"
      role="separator"
    >
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
