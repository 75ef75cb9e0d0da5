import type { Charge, Headers, Outcome, PayPalProvider, ProviderEvent } from './types';
import { ProviderFailed, WebhookRefused } from './types';

export const PAYPAL_API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  mode: keyof typeof PAYPAL_API;
  /** PAYPAL_WEBHOOK_ID: the webhook's id in the PayPal app; without it webhooks are refused. */
  webhookId?: string;
  /** The fetch PayPal's REST API is called with (tests give one that answers recorded responses). */
  fetch?: typeof fetch;
}

interface PayPalAmount {
  currency_code: string;
  value: string;
}
interface PayPalCapture {
  id: string;
  status: string;
  amount?: PayPalAmount;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface PayPalOrder {
  id: string;
  status: string;
  links?: Array<{ href: string; rel: string }>;
  purchase_units?: Array<{ custom_id?: string; amount?: PayPalAmount; payments?: { captures?: PayPalCapture[] } }>;
}

const cents = (amount?: PayPalAmount) => (amount ? Math.round(Number(amount.value) * 100) : undefined);
const dollars = (amountCents: number) => (amountCents / 100).toFixed(2);

/** How an order stands: paid once its capture completed. */
function orderOutcome(order: PayPalOrder): Outcome {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const status = capture?.status === 'COMPLETED' ? 'paid' : capture && ['DECLINED', 'FAILED'].includes(capture.status) ? 'failed' : order.status === 'VOIDED' ? 'cancelled' : 'pending';
  const amount = capture?.amount ?? unit?.amount;
  return { ref: order.id, paymentId: capture?.custom_id ?? unit?.custom_id, status, amountCents: cents(amount), currency: amount?.currency_code };
}

/** What a PayPal event says of a payment; null for events this product does not act on. */
function eventOutcome(event: { event_type: string; resource?: PayPalCapture }): Outcome | null {
  const capture = event.resource;
  const orderId = capture?.supplementary_data?.related_ids?.order_id;
  if (!capture || !orderId) return null;
  const base = { ref: orderId, paymentId: capture.custom_id, amountCents: cents(capture.amount), currency: capture.amount?.currency_code };
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') return { ...base, status: 'paid' };
  if (event.event_type === 'PAYMENT.CAPTURE.DENIED' || event.event_type === 'PAYMENT.CAPTURE.DECLINED') return { ...base, status: 'failed' };
  return null;
}

/**
 * PayPal's REST API (docs/decisions/0080): orders created and captured by the server, the amount
 * always the server's; webhooks verified by PayPal's verify-webhook-signature. The access token is
 * kept until shortly before it expires. Nothing calls PayPal before a payer starts a payment.
 */
export function createPayPalProvider(options: PayPalOptions): PayPalProvider {
  const base = PAYPAL_API[options.mode];
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new ProviderFailed(`PayPal token: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  /** A call to PayPal's API; a 4xx/5xx is ProviderFailed with PayPal's error name (e.g. ORDER_ALREADY_CAPTURED). */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      if (err instanceof ProviderFailed) throw err;
      throw new ProviderFailed(`PayPal ${path} could not be reached`, { cause: err });
    }
    const text = await res.text();
    if (!res.ok) throw new ProviderFailed(`PayPal ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  return {
    name: 'paypal',
    clientId: options.clientId,

    async clientToken() {
      const { client_token } = await call<{ client_token: string }>('POST', '/v1/identity/generate-token');
      return client_token;
    },

    async createOrder(charge: Charge, urls) {
      const order = await call<PayPalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [{ custom_id: charge.paymentId, description: charge.description, amount: { currency_code: charge.currency, value: dollars(charge.amountCents) } }],
          ...(urls
            ? { payment_source: { paypal: { experience_context: { return_url: urls.returnUrl, cancel_url: urls.cancelUrl, user_action: 'PAY_NOW' } } } }
            : {}),
        },
        { 'PayPal-Request-Id': `order-${charge.paymentId}` },
      );
      const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      return { ref: order.id, approveUrl: approve?.href ?? null };
    },

    async capture(ref: string) {
      try {
        return orderOutcome(await call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(ref)}/capture`, {}, { 'PayPal-Request-Id': `capture-${ref}` }));
      } catch (err) {
        // Captured already (a retried request, or the webhook first): read how it stands.
        if (err instanceof ProviderFailed && err.message.includes('ORDER_ALREADY_CAPTURED')) return this.lookup(ref);
        throw err;
      }
    },

    async lookup(ref: string) {
      return orderOutcome(await call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(ref)}`));
    },

    async readWebhook(raw: Buffer, headers: Headers): Promise<ProviderEvent> {
      if (!options.webhookId) throw new WebhookRefused('PAYPAL_WEBHOOK_ID is not set');
      let event: { id: string; event_type: string; resource?: PayPalCapture };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new WebhookRefused('The body is not JSON');
      }
      const header = (name: string) => {
        const value = headers[name];
        if (typeof value !== 'string') throw new WebhookRefused(`No ${name} header`);
        return value;
      };
      const { verification_status } = await call<{ verification_status: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: options.webhookId,
        webhook_event: event,
      });
      if (verification_status !== 'SUCCESS') throw new WebhookRefused('PayPal did not verify the signature');
      return { id: event.id, type: event.event_type, outcome: eventOutcome(event) };
    },
  };
}
