import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '../../../domain/payments';
import { sessions, users } from './users';

/** Who took the money: a provider, the demo (no money moves), or a referral credit. */
export const paymentProviderEnum = pgEnum('payment_provider', ['demo', 'stripe', 'paypal', 'credit']);
export const paymentProductEnum = pgEnum('payment_product', ['day', 'lifetime', 'posting']);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/**
 * Payments and their receipts (docs/decisions/0080): one row per attempt to buy, held by a member
 * or by a guest's session (moved to the account when the guest signs in, DECISIONS 25). Its grant
 * is given when the provider's verified confirmation turns it from pending to paid, once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: paymentProviderEnum('provider').notNull(),
    /** The provider's id: PaymentIntent, Checkout session or PayPal order; set once started. */
    providerRef: text('provider_ref'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    product: paymentProductEnum('product').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** Paid with a referral credit, not money. */
    paidWithCredit: boolean('paid_with_credit').notNull().default(false),
    demo: boolean('demo').notNull().default(false),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** For the posting fee: the type of post the payer was creating (the return opens its form). */
    postType: text('post_type'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
    index('payments_session_idx').on(t.sessionId).where(sql`${t.sessionId} IS NOT NULL`),
  ],
);

/** Provider events already acted on: a webhook delivered twice is acknowledged and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: paymentProviderEnum('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
