import type { Config } from '../../../config';
import { createPayPalProvider } from './paypal';
import { createStripeProvider } from './stripe';
import type { CardProvider, PayPalProvider } from './types';

/**
 * The providers the settings choose (issue 16): Stripe when STRIPE_SECRET_KEY is set, PayPal when
 * PAYPAL_CLIENT_ID (and its secret) is; neither means demo mode. Creating them calls no one.
 */
export interface Providers {
  card: CardProvider | null;
  paypal: PayPalProvider | null;
}

export function providersFrom(config: Config): Providers {
  return {
    card: config.STRIPE_SECRET_KEY ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET }) : null,
    paypal:
      config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
        ? createPayPalProvider({ clientId: config.PAYPAL_CLIENT_ID, clientSecret: config.PAYPAL_CLIENT_SECRET, mode: config.PAYPAL_MODE, webhookId: config.PAYPAL_WEBHOOK_ID })
        : null,
  };
}

/**
 * The start-up log's line on payments (docs/decisions/0134): which providers take money, or that
 * none does, so an operator who meant to go live sees demo mode at once.
 */
export function paymentsSummary(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_MODE'>): string {
  const live = [
    config.STRIPE_SECRET_KEY ? `cards through Stripe (${config.STRIPE_SECRET_KEY.startsWith('sk_live_') ? 'live' : 'test'} key)` : null,
    config.PAYPAL_CLIENT_ID ? `PayPal (${config.PAYPAL_MODE})` : null,
  ].filter(Boolean);
  return live.length
    ? `Payments: ${live.join(' and ')}.`
    : 'Payments in demo mode: purchases grant access with receipts marked demo, and no money moves (set STRIPE_* or PAYPAL_* to take payments).';
}
