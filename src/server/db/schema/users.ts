import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GRANT_KINDS } from '../../../domain/access';

export const verifiedTypeEnum = pgEnum('verified_type', ['arborist', 'business', 'individual']);
export const grantKindEnum = pgEnum('grant_kind', GRANT_KINDS);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedType: verifiedTypeEnum('verified_type'),
    /** When the badge was given (DECISIONS 16): its tooltip says so. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Suspended by an admin (issue 19): since, until (null: until lifted) and why; all null when not. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** 'FF' and 6 uppercase letters or digits, made at registration (DECISIONS 26). */
    inviteCode: text('invite_code').notNull().default(sql`new_invite_code()`),
    /** Where the member first came from (utm_*), for the marketing figures (DECISIONS 28). */
    firstTouch: jsonb('first_touch'),
    /** Whether a new message is mailed to the member (when the server mails): docs/decisions/0137. */
    mailMessages: boolean('mail_messages').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    // Suspensions that end by themselves, for the sweep that lists their posts again.
    index('users_suspended_until_idx').on(t.suspendedUntil).where(sql`${t.suspendedAt} IS NOT NULL AND ${t.suspendedUntil} IS NOT NULL`),
  ],
);

/** Server-side sessions: only the HMAC of the cookie token is stored. Guests may have one too. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The network address (IPv4, or the IPv6 /64) the session began from: no referral between a member and themselves. */
    address: text('address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The networks (IPv4, or the IPv6 /64) a member signed in from, kept a while after the last time
 * (docs/decisions/0134): a sign-out deletes the session, and with it what told a referral from the
 * member's own network apart. Deleted with the member.
 */
export const memberNetworks = pgTable(
  'member_networks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('member_networks_last_seen_idx').on(t.lastSeenAt)],
);

/**
 * Links that let a member choose a new password (docs/decisions/0135), mailed when mail is set up:
 * the HMAC of the link's token (the token itself is only in the mail), valid for an hour and used
 * once. Deleted with the member, when used, when the password changes, and once expired.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/** Access grants (DECISIONS 6): held by a user, or by a guest session until it signs in. */
export const grants = pgTable(
  'grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    kind: grantKindEnum('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Where the grant came from: 'registration', a payment id, … */
    source: text('source').notNull(),
    /** A credit's value in cents (kind 'credit'); spent when it ends. */
    amountCents: integer('amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grants_user_idx').on(t.userId), index('grants_session_idx').on(t.sessionId)],
);

/** Fixed-window counters shared by every app instance (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
