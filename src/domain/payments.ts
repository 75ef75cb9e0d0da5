import { z } from 'zod';
import { POST_TYPES } from './post-values';
import { PAYMENT_STATUSES } from './payment-values';

export * from './payment-values';

/** A stored receipt (spec §3 Payment response: description, amount, currency, transactionId, timestamp). */
export const Receipt = z.object({
  description: z.string(),
  /** In dollars, as the spec's receipt shows it. */
  amount: z.number(),
  currency: z.string(),
  transactionId: z.string(),
  timestamp: z.string(),
  /** Paid in demo mode: no money moved. */
  demo: z.boolean(),
  /** Paid with a referral credit. */
  paidWithCredit: z.boolean(),
});
export type Receipt = z.infer<typeof Receipt>;

/** POST /api/create-one-time-payment (spec §7; the payer is the session, DECISIONS 25). */
export const OneTimePaymentInput = z.object({
  /** Refused with 403 when it names another user (DECISIONS 1). */
  userId: z.string().max(100).optional(),
  type: z.enum(['day', 'lifetime']).default('lifetime'),
  /** Pay a day pass with a referral credit instead of money. */
  useCredit: z.boolean().default(false),
  /** Which provider takes the money when several are set: the card tab or the PayPal tab. */
  method: z.enum(['card', 'paypal']).default('card'),
});
export type OneTimePaymentInput = z.infer<typeof OneTimePaymentInput>;

/** The answer (spec §3 Payment response), with the id to follow a payment under way. */
export const PaymentResponse = z.object({
  alreadyPaid: z.boolean(),
  message: z.string(),
  demoMode: z.boolean(),
  receipt: Receipt.nullable(),
  /** Stripe's PaymentIntent secret, for the card form. */
  clientSecret: z.string().nullable(),
  paymentId: z.string().nullable(),
});
export type PaymentResponse = z.infer<typeof PaymentResponse>;

/** POST /api/create-posting-checkout (spec §7). */
export const PostingCheckoutInput = z.object({
  postType: z.enum(POST_TYPES).default('fruit'),
  useCredit: z.boolean().default(false),
});
export type PostingCheckoutInput = z.infer<typeof PostingCheckoutInput>;

export const PostingCheckoutResponse = z.object({
  alreadyPaid: z.boolean(),
  demoMode: z.boolean(),
  /** The provider's checkout id (spec §7 'sessionId'). */
  sessionId: z.string().nullable(),
  /** Where to send the browser: the provider's checkout, or straight back in demo mode. */
  url: z.string(),
  paymentId: z.string().nullable(),
});
export type PostingCheckoutResponse = z.infer<typeof PostingCheckoutResponse>;

/** GET /api/payments/:id: a payment under way, asked again after the provider's form or return. */
export const PaymentState = z.object({
  id: z.string(),
  product: z.enum(['day', 'lifetime', 'posting']),
  status: z.enum(PAYMENT_STATUSES),
  receipt: Receipt.nullable(),
});
export type PaymentState = z.infer<typeof PaymentState>;

/** GET /api/payments/config: which ways to pay this server offers (no secret in it). */
export const PaymentsConfig = z.object({
  demoMode: z.boolean(),
  /** The card tab: Stripe, the demo, or none. */
  card: z.enum(['stripe', 'demo']).nullable(),
  /** The PayPal tab: PayPal, the demo, or none. */
  paypal: z.enum(['paypal', 'demo']).nullable(),
  stripePublishableKey: z.string().nullable(),
  paypalClientId: z.string().nullable(),
  prices: z.object({ day: z.number(), lifetime: z.number(), posting: z.number() }),
  /** The viewer's unspent referral credit, in cents. */
  creditCents: z.number().int(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** POST /paypal/order (spec §7: amount, currency, intent). The server prices it; the amount must agree. */
export const PayPalOrderInput = z.object({
  amount: z.union([z.string(), z.number()]).optional(),
  currency: z.string().max(3).optional(),
  intent: z.string().max(20).optional(),
  type: z.enum(['day', 'lifetime', 'posting']).default('lifetime'),
});
export type PayPalOrderInput = z.infer<typeof PayPalOrderInput>;
