import type { GrantKind } from '../../../domain/access';
import { isUuid } from '../../../domain/ids';
import { PAYMENT_MESSAGES, PRODUCTS, type Product, type Receipt } from '../../../domain/payments';
import { DAY_MS } from '../../../domain/limits';
import { POSTING } from '../../../domain/policy';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../errors';
import type { AccessService, Holder } from '../access/service';
import type { Outcome } from './providers/types';
import { createPaymentsRepository, type PaymentRow, type ProviderName } from './repository';

export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The receipt of a paid payment (spec §3). */
export function receiptOf(row: PaymentRow): Receipt {
  return {
    description: PRODUCTS[row.product].description,
    amount: row.amountCents / 100,
    currency: row.currency,
    transactionId: row.providerRef ?? row.id,
    timestamp: (row.paidAt ?? row.createdAt).toISOString(),
    demo: row.demo,
    paidWithCredit: row.paidWithCredit,
  };
}

/** What makes a product needless to a holder who holds it: lifetime access; for the posting fee, anything that lets a guest post. */
const ENOUGH: Record<Product, readonly GrantKind[]> = { day: ['lifetime'], lifetime: ['lifetime'], posting: [...POSTING] };

/**
 * A day pass paid this recently meets another bought at that moment (a double click, a second tab,
 * a retried request): the second is refused, not charged. One bought later adds 24 hours.
 */
export const JUST_BOUGHT_MS = 60_000;

export const holderOfPayment = (row: PaymentRow): Holder | null =>
  row.userId ? { userId: row.userId } : row.sessionId ? { sessionId: row.sessionId } : null;

export interface SettlementDeps {
  db: Db;
  access: AccessService;
  /** The referral bonus on a member's first payment (DECISIONS 26): gives credits in `tx`; whom to announce. */
  onFirstPayment?: (tx: Tx, userId: string) => Promise<Holder[]>;
  log: Log;
}

/**
 * Turning a payment into access (docs/decisions/0080): a payment goes from pending to paid once,
 * in one transaction with its grant, the provider event that said so, and the referral bonus;
 * the holders' sessions are told once it is committed. The same word twice grants nothing more.
 */
export function createSettlement(deps: SettlementDeps) {
  const repo = createPaymentsRepository(deps.db);

  /** The grant a paid product gives, in `tx`. */
  async function grant(tx: Tx, holder: Holder, row: PaymentRow): Promise<void> {
    const source = `payment:${row.id}`;
    const product: Product = row.product;
    if (product === 'day') await deps.access.extendIn(tx, holder, 'day', DAY_MS, source);
    else await deps.access.grantIn(tx, holder, { kind: PRODUCTS[product].grant, startsAt: new Date(), endsAt: null, source });
  }

  /** Marks `row` paid and grants it, in `tx`; the holders whose access changed. */
  async function pay(tx: Tx, row: PaymentRow, ref: string): Promise<{ paid: PaymentRow; changed: Holder[] }> {
    const paid = await repo.markPaid(tx, row.id, ref);
    const holder = holderOfPayment(paid);
    if (!holder) {
      deps.log.warn({ paymentId: row.id }, 'a paid payment has no holder left (its guest session ended): nothing granted');
      return { paid, changed: [] };
    }
    await grant(tx, holder, paid);
    const changed = [holder];
    if (paid.userId && !paid.paidWithCredit && deps.onFirstPayment && !(await repo.paidBefore(tx, paid.userId, paid.id))) {
      changed.push(...(await deps.onFirstPayment(tx, paid.userId)));
    }
    return { paid, changed };
  }

  /** In `tx`: holds the holder's grants (until `tx` ends) and says whether `product` would give them nothing more. */
  const alreadyHeld = (tx: Tx, holder: Holder, product: Product) => deps.access.holdsIn(tx, holder, ENOUGH[product]);

  /** In `tx`, the holder's grants held: a day pass paid for less than JUST_BOUGHT_MS ago refuses another (409). */
  async function notJustBought(tx: Tx, holder: Holder, product: Product): Promise<void> {
    if (product === 'day' && (await repo.paidWithin(tx, holder, 'day', JUST_BOUGHT_MS))) throw conflict(PAYMENT_MESSAGES.dayPassJustBought);
  }

  /**
   * A demo payment (no money moves: PayPal's demo order) is judged as one paid at once is: refused
   * with 409 when the holder has what it gives already, or bought a day pass a moment ago.
   */
  async function refuseNeedless(tx: Tx, row: PaymentRow): Promise<void> {
    const holder = holderOfPayment(row);
    if (!holder) return;
    if (await alreadyHeld(tx, holder, row.product)) throw conflict(row.product === 'posting' ? PAYMENT_MESSAGES.alreadyPosting : PAYMENT_MESSAGES.alreadyPaid);
    await notJustBought(tx, holder, row.product);
  }

  async function announce(holders: readonly Holder[]) {
    for (const holder of holders) await deps.access.announce(holder);
  }

  return {
    /**
     * A payment paid at once, by the demo (no money moves) or by a referral credit (`spend` takes
     * it, or answers false: then nothing is written, 'noCredit'). Judged with the holder's grants
     * held, so a purchase sent twice at once is made once: nothing is sold to a holder it gives
     * nothing more ('alreadyPaid': lifetime access held; posting allowed already), and a day pass
     * a moment after another is refused (409, the credit not spent).
     */
    async paidAtOnce(
      holder: Holder,
      product: Product,
      provider: 'demo' | 'credit',
      extra: { postType?: string; spend?: (tx: Tx) => Promise<boolean> } = {},
    ): Promise<PaymentRow | 'noCredit' | 'alreadyPaid'> {
      const result = await deps.db.transaction(async (tx) => {
        if (await alreadyHeld(tx, holder, product)) return 'alreadyPaid' as const;
        if (extra.spend && !(await extra.spend(tx))) return 'noCredit' as const;
        await notJustBought(tx, holder, product);
        const row = await repo.insert(
          {
            provider,
            userId: holder.userId ?? null,
            sessionId: holder.sessionId ?? null,
            product,
            amountCents: PRODUCTS[product].cents,
            demo: provider === 'demo',
            paidWithCredit: provider === 'credit',
            postType: extra.postType ?? null,
          },
          tx,
        );
        return pay(tx, row, `${provider}_${row.id.replaceAll('-', '').slice(0, 24)}`);
      });
      if (typeof result === 'string') return result;
      await announce(result.changed);
      return result.paid;
    },

    /**
     * The provider's verified word on a payment (a signed webhook, a capture, or the provider
     * asked). `event` is recorded with it, so a webhook delivered twice does nothing the second time.
     * A demo payment is refused (409) as one paid at once would be; money a provider took is
     * always recorded and granted.
     */
    async settle(provider: ProviderName, outcome: Outcome, event?: { id: string; type: string }): Promise<PaymentRow | null> {
      const result = await deps.db.transaction(async (tx) => {
        if (event && !(await repo.recordEvent(tx, provider, event.id, event.type))) return null;
        const id = outcome.paymentId && isUuid(outcome.paymentId) ? outcome.paymentId : undefined;
        // A guest's payment: their session before the payment, in the order a sign-in moving them takes.
        await repo.holdGuestSession(tx, provider, { id, ref: outcome.ref });
        const row = await repo.lockFor(tx, provider, { id, ref: outcome.ref });
        if (!row) {
          deps.log.warn({ provider, ref: outcome.ref, event: event?.type }, 'a provider spoke of a payment this app does not know');
          return null;
        }
        if (row.status === 'paid' || outcome.status === 'pending') return { paid: row, changed: [] };
        if (outcome.status !== 'paid') {
          await repo.markUnpaid(tx, row.id, outcome.status, event?.type ?? null);
          return { paid: { ...row, status: outcome.status }, changed: [] };
        }
        const amountOk = outcome.amountCents === undefined || outcome.amountCents === row.amountCents;
        const currencyOk = outcome.currency === undefined || outcome.currency.toUpperCase() === row.currency;
        if (!amountOk || !currencyOk) {
          deps.log.error({ paymentId: row.id, expected: row.amountCents, got: outcome.amountCents, currency: outcome.currency }, 'a payment was confirmed for another amount: nothing granted');
          await repo.markUnpaid(tx, row.id, 'failed', 'amount mismatch');
          return { paid: { ...row, status: 'failed' as const }, changed: [] };
        }
        if (row.demo) await refuseNeedless(tx, row);
        return pay(tx, row, outcome.ref);
      });
      if (!result) return null;
      await announce(result.changed);
      return result.paid;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
