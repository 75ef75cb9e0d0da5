import type { StripeError } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentState, Receipt } from '../../../../domain/payments';
import { outcomeOfConfirm } from './card-payment';

const receipt: Receipt = {
  description: '24-hour pass',
  amount: 2.99,
  currency: 'USD',
  transactionId: 'pi_1',
  timestamp: '2026-12-05T08:00:00.000Z',
  demo: false,
  paidWithCredit: false,
};
const state = (status: PaymentState['status'], withReceipt = status === 'paid'): PaymentState => ({
  id: 'pay-1',
  product: 'day',
  status,
  receipt: withReceipt ? receipt : null,
});
const stripeError = (fields: Partial<StripeError>): StripeError => ({ type: 'invalid_request_error', ...fields }) as StripeError;

describe('what a card payment came to after Stripe confirmed it', () => {
  it('is paid by the server’s word after a confirmation, pending while it waits, refused when it failed', async () => {
    expect(await outcomeOfConfirm('pay-1', undefined, async () => state('paid'))).toEqual({ kind: 'paid', receipt });
    expect(await outcomeOfConfirm('pay-1', undefined, async () => state('pending'))).toEqual({ kind: 'pending' });
    expect(await outcomeOfConfirm('pay-1', undefined, async () => state('failed'))).toEqual({ kind: 'refused' });
    expect(await outcomeOfConfirm('pay-1', undefined, async () => state('paid', false))).toEqual({ kind: 'refused' });
  });

  it('is refused with the provider’s message when the card is declined, without asking the server', async () => {
    const settle = vi.fn(async () => state('paid'));
    const declined = stripeError({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    expect(await outcomeOfConfirm('pay-1', declined, settle)).toEqual({ kind: 'refused', message: 'Your card was declined.' });
    expect(settle).not.toHaveBeenCalled();
  });

  it('is paid, not "Payment Failed", when Stripe refuses an intent another tab has just paid (0118)', async () => {
    const settle = vi.fn(async () => state('paid'));
    const paidElsewhere = stripeError({
      code: 'payment_intent_unexpected_state',
      message: 'This PaymentIntent has already succeeded.',
      payment_intent: { id: 'pi_1', status: 'succeeded' } as StripeError['payment_intent'],
    });
    expect(await outcomeOfConfirm('pay-1', paidElsewhere, settle)).toEqual({ kind: 'paid', receipt });
    expect(settle).toHaveBeenCalledWith('pay-1');
  });
});
