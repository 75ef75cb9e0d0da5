import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invites, memberNetworks, referralRewards, referrals, users } from '../../db/schema/index';

export interface ReferralRow {
  id: string;
  friendId: string;
  friendName: string;
  createdAt: Date;
  bonusGrantedAt: Date | null;
}

export function createReferralsRepository(db: Db) {
  return {
    /** The member whose invite code this is. */
    async referrerByCode(code: string, tx: Pick<Db, 'select'> = db): Promise<{ id: string; email: string } | undefined> {
      const [row] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.inviteCode, code)).limit(1);
      return row;
    },

    /**
     * Whether the member signed in from this network address in the last months (the same person,
     * most likely), signed out since or not (docs/decisions/0134).
     */
    async hasBeenOn(userId: string, address: string, tx: Pick<Db, 'select'> = db): Promise<boolean> {
      if (!address) return false;
      const [row] = await tx
        .select({ one: sql`1` })
        .from(memberNetworks)
        .where(and(eq(memberNetworks.userId, userId), eq(memberNetworks.address, address)))
        .limit(1);
      return row !== undefined;
    },

    async forgetNetworksBefore(cutoff: Date): Promise<void> {
      await db
        .update(referrals)
        .set({ friendAddress: null })
        .where(and(lt(referrals.createdAt, cutoff), isNotNull(referrals.friendAddress)));
    },

    /**
     * Records the referral; false when it is not counted: another friend of the referrer came from
     * this network already (referrals_referrer_network_key, docs/decisions/0134).
     */
    async insert(tx: Tx, referrerId: string, friendId: string, friendAddress: string): Promise<boolean> {
      const rows = await tx
        .insert(referrals)
        .values({ referrerId, friendId, friendAddress: friendAddress || null })
        .onConflictDoNothing()
        .returning({ id: referrals.id });
      return rows.length > 0;
    },

    /** The friend's referral, locked, when its bonus is still to give. */
    async pendingBonusOf(tx: Tx, friendId: string): Promise<{ id: string; referrerId: string } | undefined> {
      const [row] = await tx
        .select({ id: referrals.id, referrerId: referrals.referrerId })
        .from(referrals)
        .where(and(eq(referrals.friendId, friendId), isNull(referrals.bonusGrantedAt)))
        .limit(1)
        .for('update');
      return row;
    },

    async markBonus(tx: Tx, id: string): Promise<void> {
      await tx.update(referrals).set({ bonusGrantedAt: sql`now()` }).where(eq(referrals.id, id));
    },

    async referrerOf(friendId: string): Promise<string | undefined> {
      const [row] = await db.select({ referrerId: referrals.referrerId }).from(referrals).where(eq(referrals.friendId, friendId)).limit(1);
      return row?.referrerId;
    },

    /** The member's referrals, newest first, with the friend's name. */
    async of(referrerId: string): Promise<ReferralRow[]> {
      return db
        .select({ id: referrals.id, friendId: referrals.friendId, friendName: users.username, createdAt: referrals.createdAt, bonusGrantedAt: referrals.bonusGrantedAt })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.friendId))
        .where(eq(referrals.referrerId, referrerId))
        .orderBy(desc(referrals.createdAt));
    },

    /** Records a tier as rewarded; false when it was already (each tier once). */
    async reward(tx: Tx, referrerId: string, friends: number): Promise<boolean> {
      const inserted = await tx.insert(referralRewards).values({ referrerId, friends }).onConflictDoNothing().returning({ friends: referralRewards.friends });
      return inserted.length > 0;
    },

    /** Holds the member's invitations of this address (hashed) until `tx` ends. */
    async lockInvites(tx: Tx, userId: string, emailHash: string): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invites:${userId}:${emailHash}`}))`);
    },

    /** When the member last invited this address (hashed), within `since`. */
    async invitedSince(userId: string, emailHash: string, since: Date, tx: Pick<Db, 'select'> = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql`1` })
        .from(invites)
        .where(and(eq(invites.userId, userId), eq(invites.emailHash, emailHash), gt(invites.sentAt, since)))
        .limit(1);
      return row !== undefined;
    },

    async recordInvite(userId: string, emailHash: string, tx: Pick<Db, 'insert'> = db): Promise<void> {
      await tx.insert(invites).values({ userId, emailHash });
    },
  };
}
