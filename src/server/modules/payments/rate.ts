import type { RateRule } from '../../plugins/rate-limit';

/** Payments a network address may start in an hour (each may open one at the provider). */
export const PAYMENT_RATE: RateRule = { what: 'payment attempts', limit: 30, windowMs: 60 * 60_000 };

/**
 * Unverified PayPal webhooks an address may send in an hour: each makes the server call PayPal's
 * verify-webhook-signature with the app's credentials. Those PayPal verifies are taken back, so its
 * own deliveries never use the allowance; a refused one waits and PayPal delivers it again.
 */
export const PAYPAL_WEBHOOK_RATE: RateRule = { what: 'unverified webhooks', limit: 600, windowMs: 60 * 60_000 };
