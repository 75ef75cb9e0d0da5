import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { VerifiedType } from '../../../domain/auth';
import type { Db } from '../../db/client';
import { blocks, userRatings, users } from '../../db/schema/index';

export interface MemberRow {
  id: string;
  username: string;
  isVerified: boolean;
  verifiedType: VerifiedType | null;
  verifiedAt: Date | null;
  createdAt: Date;
  averageRating: number | null;
  ratingCount: number;
  /** Suspended now: they cannot send a message (issue 19). */
  suspended: boolean;
}

export interface RatingRow {
  id: string;
  ratedUserId: string;
  raterUserId: string;
  raterName: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
}

export function createMembersRepository(db: Db) {
  /** A member's ratings, read once: their average (null without any) and their number. */
  const ratings = db
    .select({
      average: sql<number | null>`avg(${userRatings.rating})::float8`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(userRatings)
    .where(eq(userRatings.ratedUserId, users.id))
    .as('ratings');
  /**
   * Public fields of members by id, with their ratings (never the email): the owners of the cards
   * read, so one named prepared statement (docs/decisions/0090) for any number of ids.
   */
  const byIds = db
    .select({
      id: users.id,
      username: users.username,
      isVerified: users.isVerified,
      verifiedType: users.verifiedType,
      verifiedAt: users.verifiedAt,
      createdAt: users.createdAt,
      averageRating: ratings.average,
      ratingCount: ratings.count,
      suspended: sql<boolean>`(${users.suspendedAt} IS NOT NULL AND (${users.suspendedUntil} IS NULL OR ${users.suspendedUntil} > now()))`,
    })
    .from(users)
    .crossJoinLateral(ratings)
    .where(sql`${users.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('members_by_ids');

  return {
    /** How many members there are (the home page's figure). */
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ one: sql`1` }).from(users).where(eq(users.id, id)).limit(1);
      return row !== undefined;
    },

    /** Public fields of members by id, with their ratings (never the email). */
    async byIds(ids: readonly string[]): Promise<MemberRow[]> {
      return ids.length === 0 ? [] : byIds.execute({ ids: [...ids] });
    },

    /** A member's ratings, newest first. */
    async ratings(ratedUserId: string, limit: number): Promise<RatingRow[]> {
      return db
        .select({
          id: userRatings.id,
          ratedUserId: userRatings.ratedUserId,
          raterUserId: userRatings.raterUserId,
          raterName: users.username,
          rating: userRatings.rating,
          comment: userRatings.comment,
          createdAt: userRatings.updatedAt,
        })
        .from(userRatings)
        .innerJoin(users, eq(users.id, userRatings.raterUserId))
        .where(eq(userRatings.ratedUserId, ratedUserId))
        .orderBy(desc(userRatings.updatedAt), desc(userRatings.id))
        .limit(limit);
    },

    async ratingBy(raterUserId: string, ratedUserId: string): Promise<{ rating: number; comment: string | null } | undefined> {
      const [row] = await db
        .select({ rating: userRatings.rating, comment: userRatings.comment })
        .from(userRatings)
        .where(and(eq(userRatings.raterUserId, raterUserId), eq(userRatings.ratedUserId, ratedUserId)));
      return row;
    },

    /** Rates, or rates again (one rating per rater and member, DECISIONS 20); true when it is new. */
    async upsertRating(raterUserId: string, ratedUserId: string, rating: number, comment: string | null, tx: Pick<Db, 'insert'> = db): Promise<{ id: string; created: boolean }> {
      const [row] = await tx
        .insert(userRatings)
        .values({ raterUserId, ratedUserId, rating, comment })
        .onConflictDoUpdate({ target: [userRatings.raterUserId, userRatings.ratedUserId], set: { rating, comment, updatedAt: sql`now()` } })
        .returning({ id: userRatings.id, created: sql<boolean>`xmax = 0` });
      return row!;
    },

    async block(blockerId: string, blockedId: string): Promise<void> {
      await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    },

    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },

    /** Who blocked whom between the two: by `a`, of `a` (by `b`). */
    async blocksBetween(a: string, b: string): Promise<{ byA: boolean; byB: boolean }> {
      const rows = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))));
      return { byA: rows.some((r) => r.blockerId === a), byB: rows.some((r) => r.blockerId === b) };
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
