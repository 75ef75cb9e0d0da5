import type { StripeError } from '@stripe/stripe-js';
import type { PaymentState, Receipt } from '../../../../domain/payments';
import { settledPayment } from './payment-state';

/** What a card payment came to, by the server's word: paid (its receipt), still pending, or refused (the provider's message). */
export type CardOutcome = { kind: 'paid'; receipt: Receipt } | { kind: 'pending' } | { kind: 'refused'; message?: string };

/** The states of a PaymentIntent that Stripe refuses to confirm again because it is paid, or being paid. */
const PAID_ALREADY = new Set(['succeeded', 'processing']);

/**
 * After Stripe's `confirmPayment` (`error` as it answered): the server is asked how the payment
 * stands. A refusal because the intent is paid already is none: a second tab or a double click
 * confirmed the intent the first had just paid (the server hands both the same one,
 * docs/decisions/0118), so it is asked as after a success rather than told 'Payment Failed'.
 */
export async function outcomeOfConfirm(
  paymentId: string,
  error: StripeError | undefined,
  settle: (id: string) => Promise<PaymentState> = settledPayment,
): Promise<CardOutcome> {
  if (error && !PAID_ALREADY.has(error.payment_intent?.status ?? '')) return { kind: 'refused', message: error.message };
  const state = await settle(paymentId);
  if (state.status === 'paid' && state.receipt) return { kind: 'paid', receipt: state.receipt };
  if (state.status === 'pending') return { kind: 'pending' };
  return { kind: 'refused' };
}
