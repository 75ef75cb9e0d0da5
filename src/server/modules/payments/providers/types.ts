import type { Product } from '../../../../domain/payments';

/** What a provider is asked to take payment for: our payment's id and what it buys. */
export interface Charge {
  paymentId: string;
  product: Product;
  amountCents: number;
  currency: string;
  description: string;
}

/** A hosted checkout (a redirect to the provider and back): where the provider sends the payer after. */
export interface HostedCharge extends Charge {
  successUrl: string;
  cancelUrl: string;
}

/**
 * The provider's verified word on a payment (a signed webhook, or the provider asked by the
 * server): `ref` is the provider's id we stored; `paymentId` ours, when the provider carries it.
 */
export interface Outcome {
  ref: string;
  paymentId?: string;
  status: 'paid' | 'failed' | 'cancelled' | 'pending';
  amountCents?: number;
  currency?: string;
}

/** A webhook event, its signature checked: its id (for dedupe), its type, and what it says of a payment (null: not ours to act on). */
export interface ProviderEvent {
  id: string;
  type: string;
  outcome: Outcome | null;
}

/** Headers as Node gives them. */
export type Headers = Record<string, string | string[] | undefined>;

/** Card payments (Stripe): a card form in the page, or a hosted checkout. */
export interface CardProvider {
  readonly name: 'stripe';
  /** A PaymentIntent for the card form: its id and its client secret. */
  startIntent(charge: Charge): Promise<{ ref: string; clientSecret: string }>;
  /** A hosted checkout: its id (the spec's sessionId) and where to send the payer. */
  startHosted(charge: HostedCharge): Promise<{ ref: string; url: string }>;
  /** Asks the provider how the payment stands. */
  lookup(ref: string): Promise<Outcome>;
  /** Checks a webhook's signature and reads it; throws WebhookRefused when it is not the provider's. */
  readWebhook(raw: Buffer, headers: Headers): Promise<ProviderEvent>;
}

/** PayPal: orders approved by the payer in PayPal's window (or on its site), captured by the server. */
export interface PayPalProvider {
  readonly name: 'paypal';
  clientId: string;
  /** The client token of spec §7 `GET /paypal/setup`. */
  clientToken(): Promise<string>;
  /** An order; with urls, the link that sends the payer to PayPal and back (hosted). */
  createOrder(charge: Charge, urls?: { returnUrl: string; cancelUrl: string }): Promise<{ ref: string; approveUrl: string | null }>;
  /** Captures an approved order (once; a second capture reads the first's result). */
  capture(ref: string): Promise<Outcome>;
  lookup(ref: string): Promise<Outcome>;
  readWebhook(raw: Buffer, headers: Headers): Promise<ProviderEvent>;
}

/** A webhook whose signature does not check out, or that cannot be read: 400, nothing done. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

/** The provider failed or could not be reached. */
export class ProviderFailed extends Error {
  override name = 'ProviderFailed';
}
