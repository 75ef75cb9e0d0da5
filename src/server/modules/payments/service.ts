import { isActive } from '../../../domain/access';
import type { Actor } from '../../../domain/actor';
import { isUuid } from '../../../domain/ids';
import {
  CREDIT_CENTS,
  CURRENCY,
  PAYMENT_MESSAGES,
  PRODUCTS,
  postingReturnPath,
  type OneTimePaymentInput,
  type PaymentResponse,
  type PaymentsConfig,
  type PaymentState,
  type PostingCheckoutInput,
  type PostingCheckoutResponse,
  type Product,
  type Receipt,
} from '../../../domain/payments';
import { actsAsSelf, canPost, type PostingMode } from '../../../domain/policy';
import type { Db, Tx } from '../../db/client';
import { assertAllowed, badGateway, badRequest, conflict, notFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import { PAYMENT_RATE, PAYPAL_WEBHOOK_RATE } from './rate';
import { holderOf, type AccessService, type Holder } from '../access/service';
import type { GuestAdopter } from '../auth/service';
import type { CardProvider, Charge, PayPalProvider } from './providers/types';
import { ProviderFailed } from './providers/types';
import { createPaymentsRepository, type NewPayment, type PaymentRow } from './repository';
import { createPayPalFlow } from './paypal-flow';
import { createSettlement, receiptOf, type Log, type SettlementDeps } from './settle';

/** Receipts shown on /subscribe and in the account. */
export const RECEIPTS_SHOWN = 20;

export interface PaymentsServiceDeps extends SettlementDeps {
  limiter: RateLimiter;
  access: AccessService;
  card: CardProvider | null;
  paypal: PayPalProvider | null;
  stripePublishableKey?: string;
  postingMode: PostingMode;
  log: Log;
  db: Db;
}

/** Where a payment is started and paid later: a provider, or PayPal's demo orders. */
type StartedAt = 'stripe' | 'paypal' | 'demo';

/** A payment started again this soon opens the holder's checkout again (a double click, a second tab). */
export const REOPEN_MS = 15 * 60_000;
/** How long opening a checkout at a provider may take (15 s a call, retried twice); a payment left unopened longer was abandoned. */
export const OPENING_MS = 60_000;

const newPayment = (holder: Holder, product: Product, provider: StartedAt, postType?: string): NewPayment => ({
  provider,
  demo: provider === 'demo',
  userId: holder.userId ?? null,
  sessionId: holder.sessionId ?? null,
  product,
  amountCents: PRODUCTS[product].cents,
  currency: CURRENCY,
  postType: postType ?? null,
});

export const chargeOf = (row: PaymentRow): Charge => ({
  paymentId: row.id,
  product: row.product,
  amountCents: row.amountCents,
  currency: row.currency,
  description: PRODUCTS[row.product].description,
});

/**
 * Payments (spec §1, §4 Subscribe flow, §7; DECISIONS 9, 25; docs/decisions/0080). The payer is
 * the session (a member, or a guest's session), never a payload id. Without provider keys the
 * product runs in demo mode: real payments rows, grants and receipts, marked demo, no money.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const repo = createPaymentsRepository(deps.db);
  const settlement = createSettlement(deps);
  const demoMode = !deps.card && !deps.paypal;

  function payerOf(actor: Actor): Holder {
    const holder = holderOf(actor);
    if (!holder) throw badRequest(PAYMENT_MESSAGES.noSession);
    return holder;
  }

  const hasLifetime = (actor: Actor, now: Date) => actor.grants.some((g) => g.kind === 'lifetime' && isActive(g, now));

  /**
   * A pending payment at `provider`, then the provider's side of it (`open`); which payment is
   * decided with the holder's grants held (docs/decisions/0118). The holder's payment of the same
   * product started there in the last REOPEN_MS and not paid is opened again (the provider answers
   * the same checkout to its idempotency key), so two tabs or a double click pay one checkout,
   * once; one still being opened at the provider at that moment answers 409. A provider failure
   * leaves a new payment failed and answers 502.
   */
  async function startAt<T extends { ref: string }>(holder: Holder, product: Product, provider: StartedAt, open: (row: PaymentRow) => Promise<T>, postType?: string): Promise<{ row: PaymentRow; started: T }> {
    const { row, earlier } = await deps.db.transaction(async (tx) => {
      await deps.access.holdIn(tx, holder);
      const earlier = await repo.startedWithin(tx, holder, product, provider, { ms: REOPEN_MS, openingMs: OPENING_MS });
      return { earlier, row: earlier ?? (await repo.insert(newPayment(holder, product, provider, postType), tx)) };
    });
    if (earlier && !earlier.providerRef) throw conflict(PAYMENT_MESSAGES.startedElsewhere);
    try {
      const started = await open(row);
      if (started.ref !== row.providerRef) await repo.setRef(row.id, started.ref);
      return { row: { ...row, providerRef: started.ref }, started };
    } catch (err) {
      if (!(err instanceof ProviderFailed)) throw err;
      deps.log.error({ err, paymentId: row.id }, 'a payment provider failed');
      // A payment opened again stays as it was: the payer may be paying it in another tab.
      if (!earlier) await deps.db.transaction((tx) => repo.markUnpaid(tx, row.id, 'failed', 'provider unavailable'));
      throw badGateway(PAYMENT_MESSAGES.providerUnavailable, err);
    }
  }

  /**
   * Pays at once: a $3 product with a referral credit (400 when the holder has none), else the
   * demo; 'alreadyPaid' when the holder has lifetime access (nothing more is sold then).
   */
  async function payAtOnce(holder: Holder, product: Product, useCredit: boolean, postType?: string): Promise<PaymentRow | 'alreadyPaid'> {
    if (useCredit && PRODUCTS[product].cents > CREDIT_CENTS) throw badRequest(PAYMENT_MESSAGES.creditNotForThis);
    const spend = useCredit ? (tx: Tx) => deps.access.spendCreditIn(tx, holder, PRODUCTS[product].cents) : undefined;
    const row = await settlement.paidAtOnce(holder, product, useCredit ? 'credit' : 'demo', { postType, spend });
    if (row === 'noCredit') throw badRequest(PAYMENT_MESSAGES.noCredit);
    return row;
  }

  const paidResponse = (row: PaymentRow): PaymentResponse => ({
    alreadyPaid: false,
    message: PAYMENT_MESSAGES.demoPaid,
    demoMode: row.demo,
    receipt: receiptOf(row),
    clientSecret: null,
    paymentId: row.id,
  });

  /** The holder's payment `id`; 404 for anyone else's. */
  async function ownPayment(actor: Actor, id: string): Promise<PaymentRow> {
    const holder = holderOf(actor);
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    const owns = row && holder && (holder.userId ? row.userId === holder.userId : row.sessionId === holder.sessionId);
    if (!row || !owns) throw notFound(PAYMENT_MESSAGES.notFound);
    return row;
  }

  return {
    demoMode,
    settle: settlement.settle,

    /** GET /api/payments/config: the ways to pay here, and the viewer's credit. */
    async config(actor: Actor): Promise<PaymentsConfig> {
      const holder = holderOf(actor);
      return {
        demoMode,
        card: deps.card ? 'stripe' : demoMode ? 'demo' : null,
        paypal: deps.paypal ? 'paypal' : demoMode ? 'demo' : null,
        stripePublishableKey: deps.card ? (deps.stripePublishableKey ?? null) : null,
        paypalClientId: deps.paypal?.clientId ?? null,
        prices: { day: PRODUCTS.day.cents / 100, lifetime: PRODUCTS.lifetime.cents / 100, posting: PRODUCTS.posting.cents / 100 },
        creditCents: holder ? await deps.access.creditCents(holder) : 0,
      };
    },

    /** POST /api/create-one-time-payment (spec §4 Subscribe flow). */
    async oneTime(actor: Actor, input: OneTimePaymentInput, now = new Date()): Promise<PaymentResponse> {
      assertAllowed(actsAsSelf(actor, input.userId));
      const holder = payerOf(actor);
      const alreadyPaid: PaymentResponse = { alreadyPaid: true, message: PAYMENT_MESSAGES.alreadyPaid, demoMode, receipt: null, clientSecret: null, paymentId: null };
      if (hasLifetime(actor, now)) return alreadyPaid;
      await deps.limiter.hit(`payments:ip:${actor.address}`, PAYMENT_RATE);
      if (input.useCredit || demoMode) {
        const row = await payAtOnce(holder, input.type, input.useCredit);
        return row === 'alreadyPaid' ? alreadyPaid : paidResponse(row);
      }
      if (!deps.card) throw badRequest(PAYMENT_MESSAGES.notConfigured);
      const card = deps.card;
      const { row, started } = await startAt(holder, input.type, 'stripe', (r) => card.startIntent(chargeOf(r)));
      return { alreadyPaid: false, message: 'Enter your card details to pay.', demoMode: false, receipt: null, clientSecret: started.clientSecret, paymentId: row.id };
    },

    /** POST /api/create-posting-checkout (spec §4 Create-post access): the provider's checkout, or straight back. */
    async postingCheckout(actor: Actor, input: PostingCheckoutInput, origin: string, now = new Date()): Promise<PostingCheckoutResponse> {
      const holder = payerOf(actor);
      const alreadyPaid: PostingCheckoutResponse = { alreadyPaid: true, demoMode, sessionId: null, url: postingReturnPath(input.postType, ''), paymentId: null };
      if (canPost(actor, now, deps.postingMode).ok) return alreadyPaid;
      await deps.limiter.hit(`payments:ip:${actor.address}`, PAYMENT_RATE);
      const back = (row: PaymentRow) => ({ alreadyPaid: false, demoMode: row.demo, sessionId: row.providerRef, url: postingReturnPath(input.postType, row.id), paymentId: row.id });
      if (input.useCredit || demoMode) {
        const row = await payAtOnce(holder, 'posting', input.useCredit, input.postType);
        return row === 'alreadyPaid' ? alreadyPaid : back(row);
      }
      const cancelUrl = `${origin}/?posting_cancelled=true`;
      if (deps.card) {
        const card = deps.card;
        const { row, started } = await startAt(
          holder,
          'posting',
          'stripe',
          (r) => card.startHosted({ ...chargeOf(r), successUrl: `${origin}${postingReturnPath(r.postType ?? input.postType, r.id)}`, cancelUrl }),
          input.postType,
        );
        return { alreadyPaid: false, demoMode: false, sessionId: started.ref, url: started.url, paymentId: row.id };
      }
      const paypal = deps.paypal!;
      const { row, started } = await startAt(
        holder,
        'posting',
        'paypal',
        (r) => paypal.createOrder(chargeOf(r), { returnUrl: `${origin}/paypal/return?payment=${r.id}`, cancelUrl }),
        input.postType,
      );
      if (!started.approveUrl) throw badGateway(PAYMENT_MESSAGES.providerUnavailable);
      return { alreadyPaid: false, demoMode: false, sessionId: started.ref, url: started.approveUrl, paymentId: row.id };
    },

    /** GET /api/payments/:id: how the holder's payment stands; a pending one is asked of its provider. */
    async state(actor: Actor, id: string): Promise<PaymentState> {
      let row = await ownPayment(actor, id);
      if (row.status === 'pending' && row.providerRef) {
        const provider = row.provider === 'stripe' ? deps.card : row.provider === 'paypal' ? deps.paypal : null;
        try {
          const outcome = provider ? await provider.lookup(row.providerRef) : null;
          if (outcome) row = (await settlement.settle(row.provider, outcome)) ?? row;
        } catch (err) {
          if (!(err instanceof ProviderFailed)) throw err;
          deps.log.warn({ err, paymentId: row.id }, 'a payment provider could not be asked; the payment stays pending');
        }
      }
      return { id: row.id, product: row.product, status: row.status, receipt: row.status === 'paid' ? receiptOf(row) : null };
    },

    /** GET /api/payments/receipts: the holder's receipts, newest first. */
    async receipts(actor: Actor): Promise<Receipt[]> {
      const holder = holderOf(actor);
      return holder ? (await repo.paid(holder, RECEIPTS_SHOWN)).map(receiptOf) : [];
    },

    /**
     * POST /api/webhooks/paypal: anyone may call it, and `verify` asks PayPal's API each time, so a
     * sender's address gets PAYPAL_WEBHOOK_RATE of them (429 with the retry time). Counted before
     * asking, so a burst cannot pass the limit; taken back once PayPal has verified the event, so
     * only refused ones (forged, or PayPal unreachable) count.
     */
    async verifiedPayPalWebhook<T>(actor: Actor, verify: () => Promise<T>): Promise<T> {
      const key = `paypal-webhook:ip:${actor.address}`;
      await deps.limiter.hit(key, PAYPAL_WEBHOOK_RATE);
      const event = await verify();
      await deps.limiter.release(key);
      return event;
    },

    /** A guest's payments and receipts move to the account they sign in to (DECISIONS 25). */
    adoptGuest: (async (tx, sessionId, userId) => {
      await repo.adopt(tx, sessionId, userId);
    }) satisfies GuestAdopter,

    /** PayPal's calls (spec §7 /paypal/*). */
    paypal: createPayPalFlow({ paypal: deps.paypal, demoMode, limiter: deps.limiter, payerOf, startAt, settlement, ownPayment, hasLifetime, chargeOf, repo }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
