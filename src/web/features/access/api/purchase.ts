import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, PAYMENT_TEXTS, titled, type Product } from '../../../../domain/payment-values';
import type { Receipt } from '../../../../domain/payments';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, serverMessage } from '../../../lib/api';
import { sessionChanged } from '../../../lib/session';
import { capturePayPalOrder, createOneTimePayment, createPayPalOrder } from './pay';

export type PassProduct = Extract<Product, 'day' | 'lifetime'>;

/** A payment the page makes without a provider's form: the demo card, a referral credit, the demo PayPal. */
export type Purchase =
  | { via: 'instant'; product: PassProduct; useCredit?: boolean }
  | { via: 'paypal-demo'; product: PassProduct; price: number };

type Outcome = { kind: 'paid'; receipt: Receipt } | { kind: 'already' } | { kind: 'unpaid' };

async function purchase(p: Purchase): Promise<Outcome> {
  if (p.via === 'instant') {
    const res = await createOneTimePayment({ type: p.product, useCredit: p.useCredit ?? false });
    if (res.alreadyPaid) return { kind: 'already' };
    return res.receipt ? { kind: 'paid', receipt: res.receipt } : { kind: 'unpaid' };
  }
  const order = await createPayPalOrder(p.product, p.price);
  const state = await capturePayPalOrder(order.id);
  return state.status === 'paid' && state.receipt
    ? { kind: 'paid', receipt: state.receipt }
    : { kind: 'unpaid' };
}

/** A failed payment in spec §8's words: the day pass's, or 'Payment Error - …'; the server's reason when it gave one. */
export function paymentFailure(product: Product, error?: unknown) {
  const told = error === undefined ? undefined : serverMessage(error);
  if (product === 'day') return { title: PAYMENT_MESSAGES.dayPassFailed, description: told };
  const { title, description } = titled(PAYMENT_MESSAGES.paymentError);
  return { title, description: told ?? description };
}

/** A card the provider refused (spec §8 Card payment): 'Payment Failed' with the provider's message. */
export const cardFailure = (providerMessage?: string) => ({ title: PAYMENT_TEXTS.cardFailed, description: providerMessage });

/** 'Already Premium': lifetime access is already held. */
export const alreadyPremium = () =>
  toast({ title: PAYMENT_MESSAGES.alreadyPaid, description: PAYMENT_MESSAGES.alreadyPaidText });

/**
 * Paying on /subscribe (spec §4 Subscribe flow): once paid, the session is asked again (the badge,
 * every post) before 'Payment Successful - You are subscribed!' and the receipt show. `paid` is
 * also what the provider forms (Stripe, PayPal) call once the provider has confirmed.
 */
export function usePurchase(onReceipt: (receipt: Receipt) => void) {
  const queryClient = useQueryClient();
  const paid = async (receipt: Receipt) => {
    await sessionChanged(queryClient);
    toast({ title: PAYMENT_MESSAGES.demoPaid, description: PAYMENT_MESSAGES.demoPaidText });
    onReceipt(receipt);
  };
  const mutation = useMutation({
    mutationFn: purchase,
    onSuccess: async (outcome, p) => {
      if (outcome.kind === 'already') alreadyPremium();
      else if (outcome.kind === 'paid') await paid(outcome.receipt);
      else toast({ variant: 'destructive', ...paymentFailure(p.product) });
    },
    onError: (error, p) => {
      // PayPal's order is refused with 409 'Already Premium' for lifetime holders.
      if (isApiError(error, 409) && serverMessage(error) === PAYMENT_MESSAGES.alreadyPaid) alreadyPremium();
      // A day pass bought a moment ago (another tab, a double click): this one was not charged.
      else if (isApiError(error, 409) && serverMessage(error) === PAYMENT_MESSAGES.dayPassJustBought)
        toast({ title: PAYMENT_MESSAGES.dayPassJustBought });
      else toast({ variant: 'destructive', ...paymentFailure(p.product, error) });
    },
  });
  return {
    buy: (p: Purchase) => mutation.mutate(p),
    /** The purchase under way, to show its button busy; null when none is. */
    pending: mutation.isPending ? mutation.variables : null,
    paid,
  };
}
