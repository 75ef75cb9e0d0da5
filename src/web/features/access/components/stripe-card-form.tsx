import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { PAYMENT_TEXTS, PRODUCTS } from '../../../../domain/payment-values';
import type { Receipt } from '../../../../domain/payments';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { outcomeOfConfirm } from '../api/card-payment';
import { createOneTimePayment } from '../api/pay';
import { alreadyPremium, cardFailure, paymentFailure, type PassProduct } from '../api/purchase';

/** Stripe.js, once per key: loaded only when this chunk is (real keys, the card tab shown). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key);
    loaded.set(key, promise);
  }
  return promise;
}

interface StripeCardFormProps {
  publishableKey: string;
  product: PassProduct;
  /** 'Pay $9.99 USD' (spec §2). */
  label: string;
  onPaid: (receipt: Receipt) => Promise<void>;
}

/**
 * Spec §2/§4 Subscribe with Stripe (docs/decisions/0082): Stripe's Payment Element, shown before a
 * PaymentIntent exists (Elements' deferred mode, so looking costs nothing). 'Pay' asks the server
 * for the intent at its own price, confirms it with `redirect: 'if_required'`, then asks the
 * server until Stripe's word has made it paid. A redirect (some banks) comes back to
 * /subscribe?payment=ID, which confirms the same way.
 */
export function StripeCardForm({ publishableKey, product, ...props }: StripeCardFormProps) {
  const options = { mode: 'payment' as const, amount: PRODUCTS[product].cents, currency: 'usd' };
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <CardForm product={product} {...props} />
    </Elements>
  );
}

const failed = (providerMessage?: string) => toast({ variant: 'destructive', ...cardFailure(providerMessage) });

function CardForm({ product, label, onPaid }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function pay() {
    if (!stripe || !elements) return;
    const checked = await elements.submit();
    if (checked.error) return failed(checked.error.message);
    let started;
    try {
      started = await createOneTimePayment({ type: product, method: 'card' });
    } catch (error) {
      return toast({ variant: 'destructive', ...paymentFailure(product, error) });
    }
    if (started.alreadyPaid) return alreadyPremium();
    if (started.receipt) return onPaid(started.receipt);
    if (!started.clientSecret || !started.paymentId)
      return toast({ variant: 'destructive', ...paymentFailure(product) });
    const returnUrl = `${window.location.origin}/subscribe?payment=${encodeURIComponent(started.paymentId)}`;
    const confirmed = await stripe.confirmPayment({
      elements,
      clientSecret: started.clientSecret,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    const outcome = await outcomeOfConfirm(started.paymentId, confirmed.error);
    if (outcome.kind === 'paid') return onPaid(outcome.receipt);
    if (outcome.kind === 'pending') return toast({ title: PAYMENT_TEXTS.stillPending });
    failed(outcome.message);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void pay()
      .catch((error: unknown) => failed(error instanceof Error ? error.message : undefined))
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || busy} aria-busy={busy}>
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        {label}
      </Button>
    </form>
  );
}
