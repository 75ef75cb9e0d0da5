import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, VERIFICATION_STATUSES } from '../../../domain/moderation-values';
import { users, verifiedTypeEnum } from './users';

export const verificationStatusEnum = pgEnum('verification_status', VERIFICATION_STATUSES);

/** A member's request for a verified badge (spec §3 Verification request; DECISIONS 16): one pending at a time. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    verifiedType: verifiedTypeEnum('verified_type').notNull(),
    businessPhone: text('business_phone').notNull(),
    businessWebsite: text('business_website'),
    status: verificationStatusEnum('status').notNull().default('pending'),
    reviewNotes: text('review_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('verification_requests_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('verification_requests_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('verification_requests_status_idx').on(t.status, t.createdAt),
  ],
);

export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);

/**
 * Every admin action (issue 19), appended and never changed: a trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0013). No foreign keys, so no deletion elsewhere rewrites a row: the names
 * are snapshots taken when the action was done.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The acting admin; null for the command line (`npm run admin`). */
    adminId: uuid('admin_id'),
    adminName: text('admin_name').notNull(),
    action: auditActionEnum('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull(),
    /** The member the action concerns (a post's owner, the requester): their record of removed posts. */
    subjectUserId: uuid('subject_user_id'),
    notes: text('notes'),
    /** What changed: { before, after }. */
    changes: jsonb('changes'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_admin_idx').on(t.adminId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_subject_idx').on(t.subjectUserId, t.action, t.at.desc().nullsFirst()),
  ],
);

/**
 * The first account that was an admin under each address, by ADMIN_EMAILS at start-up or by
 * `npm run admin -- grant` (docs/decisions/0122): the list promotes that account only, never whoever
 * registers the address after it closed. No foreign key: the row outlives the account it names,
 * which is its point.
 */
export const listedAdminHolders = pgTable('listed_admin_holders', {
  /** The address, trimmed and lower-cased. */
  email: text('email').primaryKey(),
  userId: uuid('user_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
