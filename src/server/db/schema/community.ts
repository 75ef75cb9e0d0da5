import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../../domain/notifications';
import { REPORT_STATUSES } from '../../../domain/moderation-values';
import { REPORT_REASONS } from '../../../domain/reports';
import { posts } from './posts';
import { users } from './users';

/** Comments on posts (spec §3 Comment; DECISIONS 19). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** One rating per rater and member (DECISIONS 20): rating again updates it. */
export const userRatings = pgTable(
  'user_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ratedUserId: uuid('rated_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raterUserId: uuid('rater_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_ratings_pair_key').on(t.raterUserId, t.ratedUserId),
    index('user_ratings_rated_idx').on(t.ratedUserId, t.updatedAt.desc().nullsFirst()),
    check('user_ratings_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** A member blocked another (DECISIONS 21). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** Messages between members, threaded by the pair and the post (DECISIONS 14). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The post the thread is about. No foreign key: deleted, the post leaves its id here, so its
     * thread stays its own, and its title in `post_title` (a trigger, migration 0036; 0148).
     */
    postId: uuid('post_id'),
    /**
     * The post's title when the message was sent (a reply about a post gone from view: the one
     * its thread wrote down last), and the last it had once the post is deleted (the trigger).
     * Shown only when the post is gone: while it exists, its own title is.
     */
    postTitle: text('post_title'),
    subject: text('subject'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_to_idx').on(t.toUserId, t.createdAt.desc().nullsFirst()),
    index('messages_from_idx').on(t.fromUserId, t.createdAt.desc().nullsFirst()),
    index('messages_unread_idx').on(t.toUserId).where(sql`${t.readAt} IS NULL`),
    index('messages_post_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
  ],
);

export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);

/**
 * Reports of posts (spec §3 Report; DECISIONS 23): a guest's are anonymous, kept by session or
 * address. One per reporter and post; each weighs what its reporter's standing gave it when filed
 * (issue 19, docs/decisions/0084).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who reported, to keep one open report per reporter and post: `u:<id>`, `s:<session>` or `a:<address>`. */
    reporterKey: text('reporter_key').notNull(),
    reason: reportReasonEnum('reason').notNull(),
    description: text('description'),
    status: reportStatusEnum('status').notNull().default('pending'),
    reviewNotes: text('review_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The admin who decided it (null while pending, or when that admin's account is gone). */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Its weight toward hiding the post (0 for a guest's). */
    weight: doublePrecision('weight').notNull().default(0),
    /** The reporter's account was younger than 7 days: counts toward 'possible brigade'. */
    fromNewAccount: boolean('from_new_account').notNull().default(false),
  },
  (t) => [
    uniqueIndex('reports_reporter_key').on(t.postId, t.reporterKey),
    index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    // The open cases, oldest first; a reporter's record of decided reports.
    index('reports_pending_idx').on(t.postId, t.createdAt).where(sql`${t.status} = 'pending'`),
    index('reports_reporter_decided_idx').on(t.reporterId, t.reviewedAt.desc().nullsFirst()).where(sql`${t.status} IN ('resolved', 'dismissed')`),
  ],
);

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

/** Notifications kept for a member (DECISIONS 14): the bell, /notifications and the live socket. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
