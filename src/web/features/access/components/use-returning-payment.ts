import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_TEXTS } from '../../../../domain/payment-values';
import type { Receipt } from '../../../../domain/payments';
import { toast } from '../../../components/ui/use-toast';
import { settledPayment } from '../api/payment-state';

/** What Stripe adds to the return address, removed with ours once read. */
const RETURN_PARAMS = ['payment', 'payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * Back on /subscribe?payment=ID from a provider's page (a card that needed the bank's own page):
 * the payment is asked until the provider's word is in, then shown as paid (`onPaid`); the
 * address loses its parameters. True while it is being confirmed.
 */
export function useReturningPayment(onPaid: (receipt: Receipt) => Promise<void>): boolean {
  const [params, setParams] = useSearchParams();
  const id = params.get('payment');
  const [confirming, setConfirming] = useState(id !== null);
  const handled = useRef<string | null>(null);
  const latest = useRef(onPaid);
  useEffect(() => {
    latest.current = onPaid;
  });

  useEffect(() => {
    if (!id || handled.current === id) return;
    handled.current = id;
    setConfirming(true);
    const clear = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
    settledPayment(id)
      .then(async (state) => {
        if (state.status === 'paid' && state.receipt) await latest.current(state.receipt);
        else if (state.status === 'pending') toast({ title: PAYMENT_TEXTS.stillPending });
        else toast({ variant: 'destructive', title: PAYMENT_TEXTS.cardFailed });
      })
      .catch((error: unknown) => {
        console.error('Could not confirm the payment', error);
        toast({ variant: 'destructive', title: PAYMENT_TEXTS.cardFailed });
      })
      .finally(() => {
        clear();
        setConfirming(false);
      });
  }, [id, setParams]);

  return confirming;
}
