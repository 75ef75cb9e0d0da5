import { sql } from 'drizzle-orm';
import { REPORT_ROWS, type CampaignReport } from '../../../domain/marketing';
import type { Db } from '../../db/client';
import { campaignVisitMarks, campaignVisits, posts, users } from '../../db/schema/index';

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
}

/** Campaign visits and the marketing figures (docs/decisions/0087). */
export function createMarketingRepository(db: Db) {
  return {
    /** Counts the visitor's first landing today through this campaign, in one statement; whether it counted. */
    async recordVisit(day: string, visitor: string, utm: Utm): Promise<boolean> {
      const { rows } = await db.execute<{ n: number }>(sql`
        WITH marked AS (
          INSERT INTO ${campaignVisitMarks} (day, visitor, source, medium, campaign)
          VALUES (${day}::date, ${visitor}, ${utm.source}, ${utm.medium}, ${utm.campaign})
          ON CONFLICT DO NOTHING RETURNING 1
        ), counted AS (
          INSERT INTO ${campaignVisits} (day, source, medium, campaign, visits)
          SELECT ${day}::date, ${utm.source}, ${utm.medium}, ${utm.campaign}, 1 FROM marked
          ON CONFLICT (source, medium, campaign, day) DO UPDATE SET visits = ${campaignVisits.visits} + 1
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM counted`);
      return (rows[0]?.n ?? 0) > 0;
    },

    /** Drops the marks older than yesterday: what stays is the count a day. */
    async sweepMarks(): Promise<void> {
      await db.execute(sql`DELETE FROM ${campaignVisitMarks} WHERE day < current_date - 1`);
    },

    /** The figures of the stat cards. */
    async figures(): Promise<{ members: number; newMembers: number; attributed: number; visits: number }> {
      const { rows } = await db.execute<{ members: number; new_members: number; attributed: number; visits: number }>(sql`
        SELECT count(*)::int AS members,
               (count(*) FILTER (WHERE created_at > now() - interval '7 days'))::int AS new_members,
               (count(*) FILTER (WHERE first_touch IS NOT NULL))::int AS attributed,
               (SELECT coalesce(sum(visits), 0)::int FROM ${campaignVisits} WHERE day > current_date - 30) AS visits
        FROM ${users}`);
      const r = rows[0];
      return { members: r?.members ?? 0, newMembers: r?.new_members ?? 0, attributed: r?.attributed ?? 0, visits: r?.visits ?? 0 };
    },

    /** Visits, registrations and first posts by campaign (the members' first touch), the most visited first. */
    async report(): Promise<CampaignReport['rows']> {
      const { rows } = await db.execute<{ source: string; medium: string; campaign: string; visits: number; registrations: number; first_posts: number }>(sql`
        WITH visits AS (
          SELECT source, medium, campaign, sum(visits)::int AS visits FROM ${campaignVisits} GROUP BY 1, 2, 3
        ), members AS (
          SELECT coalesce(u.first_touch->>'source', '') AS source, coalesce(u.first_touch->>'medium', '') AS medium,
                 coalesce(u.first_touch->>'campaign', '') AS campaign, count(*)::int AS registrations,
                 (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ${posts} p WHERE p.user_id = u.id)))::int AS first_posts
          FROM ${users} u WHERE u.first_touch IS NOT NULL GROUP BY 1, 2, 3
        )
        SELECT source, medium, campaign, coalesce(v.visits, 0) AS visits,
               coalesce(m.registrations, 0) AS registrations, coalesce(m.first_posts, 0) AS first_posts
        FROM visits v FULL JOIN members m USING (source, medium, campaign)
        ORDER BY visits DESC, registrations DESC, source, medium, campaign
        LIMIT ${REPORT_ROWS}`);
      return rows.map((r) => ({ source: r.source, medium: r.medium, campaign: r.campaign, visits: r.visits, registrations: r.registrations, firstPosts: r.first_posts }));
    },
  };
}
