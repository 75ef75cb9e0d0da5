import { eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Preferences } from '../../../domain/account';
import type { Db, Tx } from '../../db/client';
import {
  blocks,
  comments,
  favorites,
  grants,
  invites,
  memberNetworks,
  messages,
  notifications,
  passwordResets,
  payments,
  posts,
  referrals,
  reports,
  userRatings,
  users,
  verificationRequests,
} from '../../db/schema/index';

// Internal columns a member's export leaves out: the password's hash, and the search document (derived from the post).
const { passwordHash: _passwordHash, ...account } = getTableColumns(users);
const { searchVector: _searchVector, ...post } = getTableColumns(posts);
// Reports and verification requests keep their decision and its date, not which admin made it
// (an admin's account id: kept from the people they decide about, for the moderators' safety).
const { reviewedBy: _reportReviewer, ...report } = getTableColumns(reports);
const { reviewedBy: _requestReviewer, ...verificationRequest } = getTableColumns(verificationRequests);
// A referral keeps the network its friend registered from (0134): in the friend's export, not in the referrer's.
const { friendAddress: _friendAddress, ...referral } = getTableColumns(referrals);

/** Every row a member's data export holds, by table: what they wrote, what was written to them, what they hold. */
export function createAccountRepository(db: Db) {
  return {
    async exportOf(userId: string) {
      const [profile] = await db.select(account).from(users).where(eq(users.id, userId));
      if (!profile) return null;
      const [
        postRows, favouriteRows, commentRows, messageRows, ratingRows, blockRows, reportRows,
        notificationRows, grantRows, paymentRows, referrerRows, friendRows, inviteRows, verificationRows, networkRows, resetRows,
      ] = await Promise.all([
        db.select(post).from(posts).where(eq(posts.userId, userId)),
        db.select().from(favorites).where(eq(favorites.userId, userId)),
        db.select().from(comments).where(eq(comments.authorId, userId)),
        db.select().from(messages).where(or(eq(messages.fromUserId, userId), eq(messages.toUserId, userId))),
        db.select().from(userRatings).where(or(eq(userRatings.raterUserId, userId), eq(userRatings.ratedUserId, userId))),
        db.select().from(blocks).where(eq(blocks.blockerId, userId)),
        db.select(report).from(reports).where(eq(reports.reporterId, userId)),
        db.select().from(notifications).where(eq(notifications.userId, userId)),
        db.select().from(grants).where(eq(grants.userId, userId)),
        db.select().from(payments).where(eq(payments.userId, userId)),
        db.select(referral).from(referrals).where(eq(referrals.referrerId, userId)),
        db.select().from(referrals).where(eq(referrals.friendId, userId)),
        db.select().from(invites).where(eq(invites.userId, userId)),
        db.select(verificationRequest).from(verificationRequests).where(eq(verificationRequests.userId, userId)),
        db.select({ address: memberNetworks.address, lastSeenAt: memberNetworks.lastSeenAt }).from(memberNetworks).where(eq(memberNetworks.userId, userId)),
        // A link to choose a new password, when asked for: its times, not the key that would find it.
        db.select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt }).from(passwordResets).where(eq(passwordResets.userId, userId)),
      ]);
      return {
        account: profile,
        posts: postRows,
        favourites: favouriteRows,
        comments: commentRows,
        messages: messageRows,
        ratings: ratingRows,
        blocks: blockRows,
        reports: reportRows,
        notifications: notificationRows,
        grants: grantRows,
        payments: paymentRows,
        referrals: [...referrerRows, ...friendRows],
        invites: inviteRows,
        verificationRequests: verificationRows,
        signInNetworks: networkRows,
        passwordResetLinks: resetRows,
      };
    },

    async preferencesOf(userId: string): Promise<Preferences | undefined> {
      const [row] = await db.select({ mailMessages: users.mailMessages }).from(users).where(eq(users.id, userId));
      return row;
    },

    async setPreferences(userId: string, preferences: Preferences): Promise<void> {
      await db.update(users).set({ mailMessages: preferences.mailMessages }).where(eq(users.id, userId));
    },

    /**
     * Renames the member: the name it had and whether they hold a badge, as the row renamed (and
     * held until the commit) says; undefined when there is no such member.
     */
    async rename(tx: Tx, userId: string, username: string): Promise<{ was: string; verified: boolean } | undefined> {
      const { rows } = await tx.execute<{ was: string; verified: boolean }>(sql`
        UPDATE ${users} AS u SET username = ${username}
        FROM (SELECT ${users.id} AS id, ${users.username} AS username FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE) AS old
        WHERE u.id = old.id
        RETURNING old.username AS was, u.is_verified AS verified`);
      return rows[0];
    },

    /**
     * Deletes the member; their sessions, grants, favourites, comments, messages, ratings and the
     * rest go with them (ON DELETE CASCADE). So do the other members' notifications of those
     * messages, ratings and comments, which quote them and name the member (docs/decisions/0131):
     * found through the rows they tell of, by their recipients (indexed).
     */
    async deleteUser(tx: Tx, userId: string): Promise<void> {
      await tx.execute(sql`
        DELETE FROM ${notifications} n
        USING (
          SELECT DISTINCT ${messages.toUserId} AS user_id, 'new_message'::notification_type AS type, 'fromUserId' AS field, ${userId}::text AS value
          FROM ${messages} WHERE ${messages.fromUserId} = ${userId}
          UNION SELECT DISTINCT ${userRatings.ratedUserId}, 'new_rating'::notification_type, 'raterUserId', ${userId}::text
          FROM ${userRatings} WHERE ${userRatings.raterUserId} = ${userId}
          UNION SELECT ${posts.userId}, 'new_comment'::notification_type, 'commentId', ${comments.id}::text
          FROM ${comments} JOIN ${posts} ON ${posts.id} = ${comments.postId}
          WHERE ${comments.authorId} = ${userId} AND ${posts.userId} IS NOT NULL
        ) AS told
        WHERE n.user_id = told.user_id AND n.type = told.type AND n.data ->> told.field = told.value`);
      await tx.delete(users).where(eq(users.id, userId));
    },
  };
}
