import Stripe from 'stripe';
import type { CardProvider, Charge, Headers, HostedCharge, Outcome, ProviderEvent } from './types';
import { ProviderFailed, WebhookRefused } from './types';

/** Stripe's signed webhooks older than this are refused (replays), as Stripe advises. */
export const STRIPE_TOLERANCE_S = 300;

export interface StripeOptions {
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET; without it webhooks are refused and payments are confirmed by asking Stripe. */
  webhookSecret?: string;
  /** The HTTP client Stripe's SDK uses (tests give one that answers recorded responses). */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
}

const upper = (c: string | null | undefined) => (c ?? '').toUpperCase();

function intentOutcome(pi: Stripe.PaymentIntent): Outcome {
  const status = pi.status === 'succeeded' ? 'paid' : pi.status === 'canceled' ? 'cancelled' : 'pending';
  return { ref: pi.id, paymentId: pi.metadata?.paymentId, status, amountCents: pi.amount_received || pi.amount, currency: upper(pi.currency) };
}

function sessionOutcome(session: Stripe.Checkout.Session): Outcome {
  const status = session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'cancelled' : 'pending';
  return {
    ref: session.id,
    paymentId: session.client_reference_id ?? session.metadata?.paymentId ?? undefined,
    status,
    amountCents: session.amount_total ?? undefined,
    currency: upper(session.currency),
  };
}

/** What a Stripe event says of a payment; null for events this product does not act on. */
function outcomeOf(event: Stripe.Event): Outcome | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
      return intentOutcome(event.data.object);
    case 'payment_intent.payment_failed':
      // The card form lets the payer try again on the same intent: a failure is recorded, not final.
      return { ...intentOutcome(event.data.object), status: 'failed' };
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return sessionOutcome(event.data.object);
    case 'checkout.session.async_payment_failed':
      return { ...sessionOutcome(event.data.object), status: 'failed' };
    default:
      return null;
  }
}

/**
 * Stripe (docs/decisions/0080): a PaymentIntent for the card form (Elements) on /subscribe,
 * Checkout for the posting fee. Grants come only from a signed webhook or from asking Stripe; each
 * call carries an idempotency key from our payment id, so a retried request never charges twice.
 * Nothing calls Stripe before a payer starts a payment.
 */
export function createStripeProvider(options: StripeOptions): CardProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new ProviderFailed(`Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  return {
    name: 'stripe',

    async startIntent(charge: Charge) {
      const pi = await call('PaymentIntent', () =>
        stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: charge.currency.toLowerCase(),
            description: charge.description,
            metadata: { paymentId: charge.paymentId, product: charge.product },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: `payment-intent-${charge.paymentId}` },
        ),
      );
      if (!pi.client_secret) throw new ProviderFailed('Stripe gave no client secret');
      return { ref: pi.id, clientSecret: pi.client_secret };
    },

    async startHosted(charge: HostedCharge) {
      const session = await call('Checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: charge.paymentId,
            metadata: { paymentId: charge.paymentId, product: charge.product },
            line_items: [
              { quantity: 1, price_data: { currency: charge.currency.toLowerCase(), unit_amount: charge.amountCents, product_data: { name: charge.description } } },
            ],
            success_url: charge.successUrl,
            cancel_url: charge.cancelUrl,
          },
          { idempotencyKey: `checkout-${charge.paymentId}` },
        ),
      );
      if (!session.url) throw new ProviderFailed('Stripe gave no checkout URL');
      return { ref: session.id, url: session.url };
    },

    async lookup(ref: string) {
      if (ref.startsWith('cs_')) return sessionOutcome(await call('Checkout lookup', () => stripe.checkout.sessions.retrieve(ref)));
      return intentOutcome(await call('PaymentIntent lookup', () => stripe.paymentIntents.retrieve(ref)));
    },

    async readWebhook(raw: Buffer, headers: Headers): Promise<ProviderEvent> {
      if (!options.webhookSecret) throw new WebhookRefused('STRIPE_WEBHOOK_SECRET is not set');
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookRefused('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, options.webhookSecret, STRIPE_TOLERANCE_S);
      } catch (err) {
        throw new WebhookRefused(err instanceof Error ? err.message : 'Bad signature');
      }
      return { id: event.id, type: event.type, outcome: outcomeOf(event) };
    },
  };
}
