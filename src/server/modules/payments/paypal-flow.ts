import type { Actor } from '../../../domain/actor';
import { CURRENCY, PAYMENT_MESSAGES, PRODUCTS, postingReturnPath, type PaymentState, type PayPalOrderInput, type Product } from '../../../domain/payments';
import { badGateway, badRequest, conflict, notFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { Holder } from '../access/service';
import type { Charge, Outcome, PayPalProvider } from './providers/types';
import { ProviderFailed } from './providers/types';
import type { PaymentRow, PaymentsRepository } from './repository';
import { PAYMENT_RATE } from './rate';
import { receiptOf, type Settlement } from './settle';

export interface PayPalFlowDeps {
  paypal: PayPalProvider | null;
  demoMode: boolean;
  limiter: RateLimiter;
  payerOf(actor: Actor): Holder;
  startAt<T extends { ref: string }>(holder: Holder, product: Product, provider: 'stripe' | 'paypal' | 'demo', open: (row: PaymentRow) => Promise<T>, postType?: string): Promise<{ row: PaymentRow; started: T }>;
  settlement: Settlement;
  ownPayment(actor: Actor, id: string): Promise<PaymentRow>;
  hasLifetime(actor: Actor, now: Date): boolean;
  chargeOf(row: PaymentRow): Charge;
  repo: PaymentsRepository;
}

/** PayPal's capture, its refusals in words: not approved yet (409), PayPal failing or away (502). */
async function captured(paypal: PayPalProvider, orderId: string): Promise<Outcome> {
  try {
    return await paypal.capture(orderId);
  } catch (err) {
    if (!(err instanceof ProviderFailed)) throw err;
    if (err.message.includes('ORDER_NOT_APPROVED')) throw conflict(PAYMENT_MESSAGES.notApproved);
    throw badGateway(PAYMENT_MESSAGES.providerUnavailable, err);
  }
}

const stateOf = (row: PaymentRow): PaymentState => ({ id: row.id, product: row.product, status: row.status, receipt: row.status === 'paid' ? receiptOf(row) : null });

/**
 * PayPal's flow (spec §7 /paypal/setup, /paypal/order, /paypal/order/:id/capture; docs/decisions/0080):
 * the server creates the order at its own price and captures it; the capture's result is
 * PayPal's verified word. In demo mode the same calls work with demo orders, and no money moves.
 */
export function createPayPalFlow(deps: PayPalFlowDeps) {
  function available(): void {
    if (!deps.paypal && !deps.demoMode) throw notFound(PAYMENT_MESSAGES.notConfigured);
  }

  /** The holder's payment whose PayPal order (or demo order) is `orderId`. */
  async function ownOrder(actor: Actor, orderId: string): Promise<PaymentRow> {
    const row = await deps.repo.findByRef(deps.paypal ? 'paypal' : 'demo', orderId);
    if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
    return deps.ownPayment(actor, row.id);
  }

  return {
    /**
     * GET /paypal/setup: the client token for PayPal's buttons (none in demo mode). Each asks PayPal
     * for one, so an address asks as often as it may start payments (429 past that).
     */
    async setup(actor: Actor): Promise<{ clientToken: string | null; clientId: string | null; demoMode: boolean }> {
      available();
      if (!deps.paypal) return { clientToken: null, clientId: null, demoMode: true };
      await deps.limiter.hit(`paypal-setup:ip:${actor.address}`, PAYMENT_RATE);
      try {
        return { clientToken: await deps.paypal.clientToken(), clientId: deps.paypal.clientId, demoMode: false };
      } catch (err) {
        if (err instanceof ProviderFailed) throw badGateway(PAYMENT_MESSAGES.providerUnavailable, err);
        throw err;
      }
    },

    /** POST /paypal/order: an order for a product at the server's price; an amount sent must agree with it. */
    async order(actor: Actor, input: PayPalOrderInput, now = new Date()): Promise<{ id: string }> {
      available();
      const holder = deps.payerOf(actor);
      const product = PRODUCTS[input.type];
      if (input.amount !== undefined && Math.round(Number(input.amount) * 100) !== product.cents) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
      if (input.currency !== undefined && input.currency.toUpperCase() !== CURRENCY) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
      if (input.type !== 'posting' && deps.hasLifetime(actor, now)) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
      await deps.limiter.hit(`payments:ip:${actor.address}`, PAYMENT_RATE);
      // The holder's order started a moment ago and not captured is answered again (docs/decisions/0118).
      const paypal = deps.paypal;
      const open = paypal ? (r: PaymentRow) => paypal.createOrder(deps.chargeOf(r)) : async (r: PaymentRow) => ({ ref: `DEMO-${r.id.slice(0, 8).toUpperCase()}` });
      const { started } = await deps.startAt(holder, input.type, paypal ? 'paypal' : 'demo', open);
      return { id: started.ref };
    },

    /** POST /paypal/order/:orderId/capture: captures the holder's approved order; paid, its grant given. */
    async capture(actor: Actor, orderId: string): Promise<PaymentState> {
      available();
      const row = await ownOrder(actor, orderId);
      if (row.status === 'paid') return stateOf(row);
      const outcome = deps.paypal ? await captured(deps.paypal, orderId) : { ref: orderId, status: 'paid' as const, amountCents: row.amountCents, currency: row.currency };
      const settled = await deps.settlement.settle(row.provider, outcome);
      return stateOf(settled ?? row);
    },

    /** GET /paypal/return: back from PayPal's site (the posting fee): captured, then home with posting_success. */
    async returned(actor: Actor, paymentId: string): Promise<string> {
      const row = await deps.ownPayment(actor, paymentId);
      if (!row.providerRef) return '/?posting_cancelled=true';
      const state = await this.capture(actor, row.providerRef);
      return state.status === 'paid' ? postingReturnPath(row.postType ?? 'fruit', row.id) : '/?posting_cancelled=true';
    },
  };
}
