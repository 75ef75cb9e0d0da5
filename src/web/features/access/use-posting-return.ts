import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PAYMENT_TEXTS } from '../../../domain/payment-values';
import { toast } from '../../components/ui/use-toast';
import { sessionChanged } from '../../lib/session';
import { settledPayment } from './api/payment-state';
import { paymentFailure } from './api/purchase';

/** The parameters a posting payment comes back with (spec §2, §4), removed once read; `type` stays (the tab). */
const RETURN_PARAMS = ['posting_success', 'payment', 'posting_cancelled'];

/**
 * Back on the home page from the posting fee's checkout (spec §4 Create-post access):
 * `?posting_success=true&type=…&payment=ID`. The parameters leave the address at once (a reload
 * does not repeat this); the payment is asked until the provider's word is in (docs/decisions/0082),
 * the session is asked again, and `openForm` opens the form for the tab `type` chose. A payment
 * that did not go through says so; `?posting_cancelled=true` says nothing was charged.
 */
export function usePostingReturn(openForm: () => void): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const success = params.get('posting_success') === 'true';
  const cancelled = params.get('posting_cancelled') === 'true';
  const paymentId = params.get('payment');
  const latest = useRef(openForm);
  useEffect(() => {
    latest.current = openForm;
  });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!success && !cancelled) return;
    const key = `${success}:${cancelled}:${paymentId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    if (cancelled) {
      toast({ title: PAYMENT_TEXTS.cancelled, description: PAYMENT_TEXTS.cancelledText });
      return;
    }
    // No payment id: the server found the viewer could already post (alreadyPaid).
    const confirmed = paymentId
      ? settledPayment(paymentId).then((state) => state.status === 'paid')
      : Promise.resolve(true);
    confirmed
      .then(async (paid) => {
        if (!paid) return toast({ variant: 'destructive', ...paymentFailure('posting') });
        await sessionChanged(queryClient);
        latest.current();
      })
      .catch((error: unknown) => toast({ variant: 'destructive', ...paymentFailure('posting', error) }));
  }, [success, cancelled, paymentId, setParams, queryClient]);
}
