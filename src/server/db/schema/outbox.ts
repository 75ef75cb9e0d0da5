import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail to send (docs/decisions/0078): written with the change it tells of, sent by whichever
 * instance claims it first (FOR UPDATE SKIP LOCKED), retried with backoff, kept once sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The text is sealed (mail/seal.ts): it carries a secret, a password link (docs/decisions/0135). */
    sealed: boolean('sealed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** What else the mail carries: its extra headers (List-Unsubscribe, docs/decisions/0138). */
    meta: jsonb('meta').$type<{ headers?: Record<string, string> }>(),
  },
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`)],
);
