import type { RateRule } from '../../plugins/rate-limit';

/** Payments a network address may start in an hour (each may open one at the provider). */
export const PAYMENT_RATE: RateRule = { what: 'payment attempts', limit: 30, windowMs: 60 * 60_000 };
