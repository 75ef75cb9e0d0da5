import { Suspense } from 'react';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { PAYMENT_MESSAGES, PRODUCTS, usd } from '../../../../domain/payment-values';
import type { PaymentsConfig, Receipt } from '../../../../domain/payments';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { lazyNamed } from '../../../lib/lazy';
import type { PassProduct, Purchase } from '../api/purchase';

/** Stripe's card form and PayPal's buttons: chunks of their own, loaded only with real keys (docs/decisions/0082). */
const StripeCardForm = lazyNamed(() => import('./stripe-card-form'), 'StripeCardForm');
const PayPalButtons = lazyNamed(() => import('./paypal-buttons'), 'PayPalButtons');

export interface PayProps {
  product: PassProduct;
  config: PaymentsConfig;
  buy: (p: Purchase) => void;
  pending: Purchase | null;
  /** The provider confirmed the payment: its receipt. */
  onPaid: (receipt: Receipt) => Promise<void>;
}

const Busy = () => <LoaderCircle className="animate-spin" aria-hidden="true" />;
const Loading = () => (
  <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
    <Busy />
    Loading the payment form…
  </p>
);
const Unavailable = () => <p className="text-sm text-muted-foreground">{PAYMENT_MESSAGES.notConfigured}</p>;

/** The card: Stripe's form with real keys, or the demo's button (spec §2: 'Pay $9.99 USD'). */
function CardPay({ product, config, buy, pending, onPaid }: PayProps) {
  const label = `Pay ${usd(PRODUCTS[product].cents)} USD`;
  if (config.card === 'stripe' && config.stripePublishableKey)
    return (
      <Suspense fallback={<Loading />}>
        <StripeCardForm
          publishableKey={config.stripePublishableKey}
          product={product}
          label={label}
          onPaid={onPaid}
        />
      </Suspense>
    );
  if (config.card !== 'demo') return <Unavailable />;
  const busy = pending?.via === 'instant' && pending.product === product;
  return (
    <Button
      size="lg"
      className="w-full"
      disabled={pending !== null}
      aria-busy={busy}
      onClick={() => buy({ via: 'instant', product })}
    >
      {busy ? <Busy /> : <CreditCard aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** PayPal: its buttons with a real client id, or the demo's button through the same order and capture calls. */
function PayPalPay({ product, config, buy, pending, onPaid }: PayProps) {
  const price = PRODUCTS[product].cents / 100;
  if (config.paypal === 'paypal' && config.paypalClientId)
    return (
      <Suspense fallback={<Loading />}>
        <PayPalButtons clientId={config.paypalClientId} product={product} price={price} onPaid={onPaid} />
      </Suspense>
    );
  if (config.paypal !== 'demo') return <Unavailable />;
  const busy = pending?.via === 'paypal-demo' && pending.product === product;
  return (
    <Button
      size="lg"
      variant="outline"
      className="w-full border-[#003087]/40 font-bold text-[#003087]"
      disabled={pending !== null}
      aria-busy={busy}
      onClick={() => buy({ via: 'paypal-demo', product, price })}
    >
      {busy && <Busy />}
      Pay with PayPal (demo)
    </Button>
  );
}

/** Spec §2 Subscribe: the tabs 'Credit Card' and 'PayPal'. */
export function PayTabs(props: PayProps) {
  return (
    <Tabs defaultValue="card" className="grid gap-0">
      <TabsList aria-label="How to pay" className="flex w-full">
        <TabsTrigger value="card">Credit Card</TabsTrigger>
        <TabsTrigger value="paypal">PayPal</TabsTrigger>
      </TabsList>
      <TabsContent value="card">
        <CardPay {...props} />
      </TabsContent>
      <TabsContent value="paypal">
        <PayPalPay {...props} />
      </TabsContent>
    </Tabs>
  );
}
