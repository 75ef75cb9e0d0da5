import type { Actor } from '../../../domain/actor';
import { AUDIENCES, PREVIEW_POSTS, type Audience, type CampaignReport, type MarketingOverview, type MarketingPreview, type VisitInput } from '../../../domain/marketing';
import { canModerate } from '../../../domain/policy';
import type { Db } from '../../db/client';
import { assertAllowed } from '../../errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { PostsService } from '../posts/service';
import type { StatsService } from '../stats/service';
import { createMarketingRepository } from './repository';

export const VISIT_RATE: RateRule = { what: 'campaign visits from this address', limit: 60, windowMs: 10 * 60_000 };

export interface MarketingServiceDeps {
  db: Db;
  limiter: RateLimiter;
  posts: Pick<PostsService, 'figures' | 'newestOfType'>;
  stats: Pick<StatsService, 'visitorOf'>;
  /** The settings the integrations depend on. */
  settings: { smtpUrl: string | undefined; instagramUrl: string | undefined };
}

/**
 * The Marketing Command Center (spec §2, DECISIONS 28; docs/decisions/0087): admins only, figures
 * from the database, integrations from the settings, campaign visits counted once per visitor a day.
 */
export function createMarketingService(deps: MarketingServiceDeps) {
  const repo = createMarketingRepository(deps.db);
  const admin = (actor: Actor) => assertAllowed(canModerate(actor));

  return {
    /** POST /api/visits: a landing through a campaign link, counted once per visitor, campaign and day; whether it counted. */
    async recordVisit(actor: Actor, input: VisitInput, now = new Date()): Promise<boolean> {
      await deps.limiter.hit(`visits:ip:${actor.address}`, VISIT_RATE);
      const { visitor, day } = await deps.stats.visitorOf(actor, now);
      return repo.recordVisit(day, visitor, { source: input.source ?? '', medium: input.medium ?? '', campaign: input.campaign ?? '' });
    },

    sweepVisitMarks: () => repo.sweepMarks(),

    /** GET /api/admin/marketing/overview: the stat cards and the integrations' status. */
    async overview(actor: Actor): Promise<MarketingOverview> {
      admin(actor);
      const [f, p] = await Promise.all([repo.figures(), deps.posts.figures()]);
      return {
        stats: [
          { label: 'Members', value: f.members, counts: 'Registered accounts' },
          { label: 'New members', value: f.newMembers, counts: 'Registered in the last 7 days' },
          { label: 'Posts shared', value: p.posts, counts: 'Posts up on the site now' },
          { label: 'Campaign visits', value: f.visits, counts: 'Visits through campaign links in the last 30 days, once per person a day' },
          { label: 'Attributed members', value: f.attributed, counts: 'Members who arrived through a campaign or invite link' },
        ],
        integrations: [
          deps.settings.smtpUrl
            ? { name: 'Email', status: 'Ready', detail: 'Sent through the SMTP server in SMTP_URL' }
            : { name: 'Email', status: 'Setup Required', detail: 'Set SMTP_URL to send mail' },
          { name: 'SMS', status: 'Setup Required', detail: 'No SMS provider is configured' },
          {
            name: 'Instagram',
            status: 'Manual',
            detail: deps.settings.instagramUrl ? `Post by hand on ${deps.settings.instagramUrl}` : 'Post by hand; set INSTAGRAM_URL to link the account',
          },
        ],
      };
    },

    /** GET /api/admin/marketing/preview: the newest posts of the audience's type, for the template. */
    async preview(actor: Actor, audience: Audience): Promise<MarketingPreview> {
      admin(actor);
      const type = AUDIENCES[audience].type;
      return { audience, type, posts: await deps.posts.newestOfType(type, PREVIEW_POSTS) };
    },

    /** GET /api/admin/marketing/campaigns: visits, registrations and first posts by campaign. */
    async report(actor: Actor): Promise<CampaignReport> {
      admin(actor);
      return { rows: await repo.report() };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
