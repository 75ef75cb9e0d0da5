import { and, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentEvents, payments, sessions } from '../../db/schema/index';
import type { PaymentStatus, Product } from '../../../domain/payments';
import type { Holder } from '../access/service';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type ProviderName = PaymentRow['provider'];

/** A provider's payment: by our id, else by the provider's. */
const matching = (provider: ProviderName, match: { id?: string; ref: string }) =>
  match.id ? and(eq(payments.id, match.id), eq(payments.provider, provider)) : and(eq(payments.provider, provider), eq(payments.providerRef, match.ref));

/** `ms` before now, by the database's clock (the same on every instance). */
const since = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;

const heldBy = (holder: Holder) => (holder.userId ? eq(payments.userId, holder.userId) : eq(payments.sessionId, holder.sessionId!));

export function createPaymentsRepository(db: Db) {
  return {
    async insert(values: NewPayment, tx: Pick<Db, 'insert'> = db): Promise<PaymentRow> {
      const [row] = await tx.insert(payments).values(values).returning();
      return row!;
    },

    async setRef(id: string, providerRef: string): Promise<void> {
      await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
    },

    /**
     * The holder's latest payment of `product` at `provider` started in the last `ms` (by the
     * database's clock) and still pending: opened at the provider, or being opened (started in the
     * last `openingMs`). A checkout opened again rather than a second one.
     */
    async startedWithin(tx: Tx, holder: Holder, product: Product, provider: ProviderName, within: { ms: number; openingMs: number }): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(
          and(
            heldBy(holder),
            eq(payments.product, product),
            eq(payments.provider, provider),
            eq(payments.status, 'pending'),
            gt(payments.createdAt, since(within.ms)),
            or(isNotNull(payments.providerRef), gt(payments.createdAt, since(within.openingMs))),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row;
    },

    /** Whether the holder paid for `product` in the last `ms` (by the database's clock). */
    async paidWithin(tx: Tx, holder: Holder, product: Product, ms: number): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql`1` })
        .from(payments)
        .where(and(heldBy(holder), eq(payments.product, product), eq(payments.status, 'paid'), gt(payments.paidAt, since(ms))))
        .limit(1);
      return row !== undefined;
    },

    async findById(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    /**
     * The guest session that holds the payment a provider's word is about, if any, held (as a grant
     * naming it would) until the transaction ends: a sign-in moving it to the account waits, or has moved it.
     */
    async holdGuestSession(tx: Tx, provider: ProviderName, match: { id?: string; ref: string }): Promise<void> {
      const holder = tx.select({ id: payments.sessionId }).from(payments).where(matching(provider, match)).limit(1);
      await tx.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, holder)).for('key share');
    },

    /** The payment a provider's word is about, locked until the transaction ends: by our id, else by the provider's. */
    async lockFor(tx: Tx, provider: ProviderName, match: { id?: string; ref: string }): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(matching(provider, match)).limit(1).for('update');
      return row;
    },

    async lockById(tx: Tx, id: string): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1).for('update');
      return row;
    },

    async markPaid(tx: Tx, id: string, providerRef: string): Promise<PaymentRow> {
      const [row] = await tx
        .update(payments)
        .set({ status: 'paid', paidAt: sql`now()`, providerRef, failureReason: null })
        .where(eq(payments.id, id))
        .returning();
      return row!;
    },

    /** A payment not paid yet that failed or was cancelled (a paid one never goes back). */
    async markUnpaid(tx: Tx, id: string, status: Exclude<PaymentStatus, 'paid'>, reason: string | null): Promise<void> {
      await tx
        .update(payments)
        .set({ status, failureReason: reason })
        .where(and(eq(payments.id, id), ne(payments.status, 'paid')));
    },

    /** Records a provider event; false when it was recorded before (a webhook delivered twice). */
    async recordEvent(tx: Tx, provider: ProviderName, eventId: string, type: string): Promise<boolean> {
      const inserted = await tx.insert(paymentEvents).values({ provider, eventId, type }).onConflictDoNothing().returning({ id: paymentEvents.eventId });
      return inserted.length > 0;
    },

    /** The holder's paid payments, newest first (their receipts). */
    async paid(holder: Holder, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(heldBy(holder), eq(payments.status, 'paid')))
        .orderBy(desc(payments.paidAt))
        .limit(limit);
    },

    /** Whether the member had paid money before this payment (for the referral bonus on the first). */
    async paidBefore(tx: Tx, userId: string, exceptId: string): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'paid'), eq(payments.paidWithCredit, false), ne(payments.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    /** A guest's payments become the member's (DECISIONS 25), in the sign-in's transaction. */
    async adopt(tx: Tx, sessionId: string, userId: string): Promise<void> {
      await tx.update(payments).set({ userId, sessionId: null }).where(eq(payments.sessionId, sessionId));
    },

    async findByRef(provider: ProviderName, providerRef: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef))).limit(1);
      return row;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
