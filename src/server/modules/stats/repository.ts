import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popularAreas, postViewDays, postViews, searchTerms, trendingPosts, viewMarks, viewSalts } from '../../db/schema/index';
import { TRENDING_DAYS, TRENDING_DECAY } from '../../../domain/stats';

/** A day as PostgreSQL's `date` text (UTC). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The 5-minute bucket a moment falls in. */
export const bucketOf = (at: Date) => new Date(Math.floor(at.getTime() / 300_000) * 300_000);

/** Where the app's figures are kept (docs/decisions/0086); the posts' own columns are the posts area's. */
export function createStatsRepository(db: Db) {
  return {
    /** The day's salt for guests' viewer hashes, made by whichever instance asks first. */
    async saltOf(day: string, fresh: Buffer): Promise<Buffer> {
      await db.insert(viewSalts).values({ day, salt: fresh }).onConflictDoNothing();
      const { rows } = await db.execute<{ salt: Buffer }>(sql`SELECT salt FROM ${viewSalts} WHERE day = ${day}`);
      return rows[0]!.salt;
    },

    /**
     * Counts `viewer`'s first view today of each of `postIds`, in one statement; the number counted.
     * The posts' counts are upserted in post order, so viewers counting the same posts at once
     * take their rows in the same order and never wait on each other in a circle.
     */
    async recordViews(viewer: string, postIds: readonly string[], at: Date): Promise<number> {
      const day = dayOf(at);
      const { rows } = await db.execute<{ n: number }>(sql`
        WITH marked AS (
          INSERT INTO ${viewMarks} (day, viewer, post_id)
          SELECT ${day}::date, ${viewer}, id FROM unnest(${sql.param([...postIds])}::uuid[]) AS id
          ON CONFLICT DO NOTHING
          RETURNING post_id
        ), buckets AS (
          INSERT INTO ${postViews} (post_id, bucket, views)
          SELECT post_id, ${bucketOf(at).toISOString()}::timestamptz, count(*) FROM marked GROUP BY post_id ORDER BY post_id
          ON CONFLICT (post_id, bucket) DO UPDATE SET views = post_views.views + excluded.views
        ), days AS (
          INSERT INTO ${postViewDays} (post_id, day, views)
          SELECT post_id, ${day}::date, count(*) FROM marked GROUP BY post_id ORDER BY post_id
          ON CONFLICT (post_id, day) DO UPDATE SET views = post_view_days.views + excluded.views
        )
        SELECT count(*)::int AS n FROM marked`);
      return rows[0]?.n ?? 0;
    },

    async recordSearch(day: string, term: string, region: string): Promise<void> {
      await db
        .insert(searchTerms)
        .values({ day, term, region, searches: 1 })
        .onConflictDoUpdate({ target: [searchTerms.day, searchTerms.term, searchTerms.region], set: { searches: sql`${searchTerms.searches} + 1` } });
    },

    /**
     * The posts with the most views over TRENDING_DAYS, each day's views fading by TRENDING_DECAY
     * a day of age; the `limit` best, best first.
     */
    async trendingCandidates(limit: number, today: string): Promise<Array<{ postId: string; views: number; score: number }>> {
      const { rows } = await db.execute<{ post_id: string; views: number; score: number }>(sql`
        SELECT post_id, sum(views)::int AS views, sum(views * power(${TRENDING_DECAY}::float8, ${today}::date - day)) AS score
        FROM ${postViewDays} WHERE day > ${today}::date - ${TRENDING_DAYS}::int
        GROUP BY post_id ORDER BY score DESC, post_id LIMIT ${limit}`);
      return rows.map((r) => ({ postId: r.post_id, views: r.views, score: Number(r.score) }));
    },

    /**
     * Replaces the kept trending posts and popular areas, and sweeps what is kept a short while
     * (view marks two days, salts two days, 5-minute buckets eight days), if no other instance is
     * doing it (an advisory lock) and the last refresh is older than `olderThanS`; whether it ran.
     */
    async refresh(
      olderThanS: number,
      work: () => Promise<{ trending: Array<{ type: string; postId: string; views: number; score: number }>; areas: Array<{ area: string; posts: number }> }>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ locked: boolean; due: boolean }>(sql`
          SELECT pg_try_advisory_xact_lock(hashtext('figures_refresh')) AS locked,
                 coalesce((SELECT at < now() - make_interval(secs => ${olderThanS}) FROM figures_refreshed WHERE id = 1), true) AS due`);
        if (!rows[0]?.locked || !rows[0].due) return false;
        const { trending, areas } = await work();
        await tx.delete(trendingPosts);
        if (trending.length) await tx.insert(trendingPosts).values(trending.map((t, i) => ({ ...t, rank: i + 1 })));
        await tx.delete(popularAreas);
        if (areas.length) await tx.insert(popularAreas).values(areas.map((a, i) => ({ ...a, rank: i + 1 })));
        await tx.execute(sql`INSERT INTO figures_refreshed (id, at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET at = now()`);
        await tx.execute(sql`DELETE FROM ${viewMarks} WHERE day < current_date - 1`);
        await tx.execute(sql`DELETE FROM ${viewSalts} WHERE day < current_date - 1`);
        await tx.execute(sql`DELETE FROM ${postViews} WHERE bucket < now() - interval '8 days'`);
        return true;
      });
    },

    /** The kept trending posts (by type, rank) and popular areas, and when they were worked out. */
    async kept(): Promise<{
      trending: Array<{ type: string; postId: string; views: number }>;
      areas: Array<{ area: string; posts: number }>;
      at: Date | null;
    }> {
      const [trending, areas, at] = await Promise.all([
        db.select({ type: trendingPosts.type, postId: trendingPosts.postId, views: trendingPosts.views }).from(trendingPosts).orderBy(trendingPosts.type, trendingPosts.rank),
        db.select({ area: popularAreas.area, posts: popularAreas.posts }).from(popularAreas).orderBy(popularAreas.rank),
        db.execute<{ at: string }>(sql`SELECT at FROM figures_refreshed WHERE id = 1`),
      ]);
      const refreshed = at.rows[0]?.at;
      return { trending, areas, at: refreshed ? new Date(refreshed) : null };
    },

    /** Views of `postIds` in all, ever. */
    async totalViews(postIds: readonly string[]): Promise<number> {
      if (postIds.length === 0) return 0;
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT coalesce(sum(views), 0)::int AS n FROM ${postViewDays} WHERE post_id = ANY(${sql.param([...postIds])}::uuid[])`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Views of `postIds` per bucket of `bucketMinutes` since `from` (5-minute buckets, or days for whole days). */
    async viewsSince(postIds: readonly string[], from: Date, bucketMinutes: number): Promise<Array<{ at: Date; views: number }>> {
      if (postIds.length === 0) return [];
      const ids = sql.param([...postIds]);
      const query =
        bucketMinutes >= 24 * 60
          ? sql`SELECT day::timestamptz AS at, sum(views)::int AS views FROM ${postViewDays}
                WHERE post_id = ANY(${ids}::uuid[]) AND day >= ${dayOf(from)}::date GROUP BY 1`
          : sql`SELECT to_timestamp(floor(extract(epoch FROM bucket) / ${bucketMinutes * 60}) * ${bucketMinutes * 60}) AS at, sum(views)::int AS views
                FROM ${postViews} WHERE post_id = ANY(${ids}::uuid[]) AND bucket >= ${from.toISOString()}::timestamptz GROUP BY 1`;
      const { rows } = await db.execute<{ at: Date | string; views: number }>(query);
      return rows.map((r) => ({ at: new Date(r.at), views: r.views }));
    },

    /** The posts among `postIds` with the most views since `from`, most first. */
    async topPosts(postIds: readonly string[], from: Date, limit: number): Promise<Array<{ postId: string; views: number }>> {
      if (postIds.length === 0) return [];
      const { rows } = await db.execute<{ post_id: string; views: number }>(sql`
        SELECT post_id, sum(views)::int AS views FROM ${postViews}
        WHERE post_id = ANY(${sql.param([...postIds])}::uuid[]) AND bucket >= ${from.toISOString()}::timestamptz
        GROUP BY post_id ORDER BY views DESC, post_id LIMIT ${limit}`);
      return rows.map((r) => ({ postId: r.post_id, views: r.views }));
    },

    /** The most searched terms since `from` in `region` ('all': everywhere), each made by at least `minSearchers`. */
    async topSearches(region: string, from: Date, limit: number, minSearchers: number): Promise<Array<{ term: string; searches: number }>> {
      const where = region === 'all' ? sql`` : sql`AND region = ${region}`;
      const { rows } = await db.execute<{ term: string; searches: number }>(sql`
        SELECT term, sum(searches)::int AS searches FROM ${searchTerms}
        WHERE day >= ${dayOf(from)}::date ${where}
        GROUP BY term HAVING sum(searches) >= ${minSearchers}
        ORDER BY searches DESC, term LIMIT ${limit}`);
      return rows;
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
