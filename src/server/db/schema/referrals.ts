import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who invited whom (DECISIONS 26): a friend is referred once, by the code they registered with. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the $3 credits went to both, on the friend's first payment. */
    bonusGrantedAt: timestamp('bonus_granted_at', { withTimezone: true }),
    /** The network the friend registered from: one friend a network counts (docs/decisions/0134). */
    friendAddress: text('friend_address'),
  },
  (t) => [
    uniqueIndex('referrals_friend_key').on(t.friendId),
    index('referrals_referrer_idx').on(t.referrerId),
    // One friend a network (docs/decisions/0134), held by the database: registrations sent together
    // would each miss the others' rows in a read-then-insert.
    uniqueIndex('referrals_referrer_network_key').on(t.referrerId, t.friendAddress).where(sql`${t.friendAddress} IS NOT NULL`),
  ],
);

/** Tiers already rewarded (1, 3, 5 friends): each once per member, whatever happens after. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friends: integer('friends').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.referrerId, t.friends] })],
);

/** Invitations mailed: the recipient's address is kept only as a hash, to space out invitations. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invites_user_email_idx').on(t.userId, t.emailHash, t.sentAt)],
);
