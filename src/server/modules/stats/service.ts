import { createHmac, randomBytes } from 'node:crypto';
import type { Actor } from '../../../domain/actor';
import { POST_TYPES, REGION_FILTERS, type RegionFilter } from '../../../domain/post-values';
import {
  ANALYTICS_RANGES,
  ESTIMATES,
  POPULAR_AREAS,
  POPULAR_DAYS,
  TRENDING_SIZE,
  impactOf,
  searchTerm,
  type Analytics,
  type AnalyticsRange,
  type CommunityFigures,
  type Impact,
} from '../../../domain/stats';
import { TOP_SEARCH_MIN_SEARCHERS } from '../../../domain/stats-values';
import type { Db } from '../../db/client';
import { AppError, memberIdOf } from '../../errors';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { MembersService } from '../members/service';
import type { PostsService } from '../posts/service';
import { createStatsRepository, dayOf } from './repository';
import { warnUnlessUnavailable } from '../../db/availability';

export const STATS_RATES = {
  views: { what: 'view reports from this address', limit: 600, windowMs: 10 * 60_000 },
  searches: { what: 'search reports from this address', limit: 120, windowMs: 10 * 60_000 },
  /** A term counts once a day per searcher: one address cannot make its words the top searches members are shown. */
  searchOnce: { what: 'counts of this search', limit: 1, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, RateRule>;

/** How old the kept trending posts and popular areas may get before one instance works them out again. */
export const REFRESH_AFTER_S = 30;
/**
 * How long an instance answers GET /api/community from the body it last made, while no post has
 * changed (a post shared, given away or removed is counted at once, 0127); trending and the
 * popular areas are at most ~45 s old.
 */
export const COMMUNITY_CACHE_MS = 15_000;
const TOP = 5;
const SIGN_IN = 'Please sign in to see your impact.';

export interface StatsServiceDeps {
  db: Db;
  posts: Pick<PostsService, 'figures' | 'popularAreas' | 'impactOf' | 'summaries' | 'readModel'>;
  members: Pick<MembersService, 'count'>;
  limiter: RateLimiter;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The home page's figures, views and searches, a member's impact and analytics (DECISIONS 10, 27;
 * issue 20; docs/decisions/0086). Views count once per viewer, post and day; guests are a keyed
 * hash of their address under the day's salt; searches keep no one's identity.
 */
export function createStatsService(deps: StatsServiceDeps) {
  const repo = createStatsRepository(deps.db);
  const salts = new Map<string, Buffer>();
  let community: { body: CommunityFigures; until: number; generation: number } | null = null;
  /** Goes up with every change of a post or of which are listed, on any instance (the read model's events). */
  const postsGeneration = () => deps.posts.readModel.listedChanges();

  /**
   * Who viewed: the member, or a guest as a hash of their network address (an IPv6 /64) under the
   * day's salt. Not of the browser too: a User-Agent is whatever the sender writes, so each new one
   * would count as one more viewer. Guests sharing an address count once, a view too few rather
   * than one invented.
   */
  async function viewerOf(actor: Actor, day: string): Promise<string> {
    if (actor.userId) return `u:${actor.userId}`;
    return `g:${createHmac('sha256', await saltOf(day)).update(actor.address).digest('base64url').slice(0, 22)}`;
  }

  /** The day's salt (view_salts), the same on every instance. */
  async function saltOf(day: string): Promise<Buffer> {
    let salt = salts.get(day);
    if (!salt) {
      salt = await repo.saltOf(day, randomBytes(32));
      salts.clear();
      salts.set(day, salt);
    }
    return salt;
  }

  /**
   * Who searched, for counting a term once a day each: the member or the guest's address, hashed
   * under the day's salt (kept two days), so nothing says who searched what once it is dropped.
   */
  async function searcherOf(actor: Actor, day: string): Promise<string> {
    const salt = await saltOf(day);
    return createHmac('sha256', salt).update(actor.userId ? `u:${actor.userId}` : `a:${actor.address}`).digest('base64url');
  }

  /** Works out the trending posts of each type and the popular areas (inside the refresh's lock). */
  async function work(now: Date) {
    const candidates = await repo.trendingCandidates(200, dayOf(now));
    const shown = new Map((await deps.posts.summaries(candidates.map((c) => c.postId))).map((s) => [s.id, s]));
    const trending = POST_TYPES.flatMap((type) =>
      candidates.filter((c) => shown.get(c.postId)?.type === type).slice(0, TRENDING_SIZE).map((c) => ({ type, ...c })),
    );
    return { trending, areas: await deps.posts.popularAreas(POPULAR_DAYS, POPULAR_AREAS) };
  }

  /**
   * Works the kept figures out again when they are older than REFRESH_AFTER_S, unless another
   * instance is at it; whether it ran. The home page's request calls it when it finds them due, and
   * a background job every minute, so the sweeps run on a site nobody opens too.
   */
  function refreshFigures(now = new Date()): Promise<boolean> {
    return repo.refresh(REFRESH_AFTER_S, () => work(now));
  }

  const memberOf = (actor: Actor) => memberIdOf(actor, SIGN_IN);

  return {
    /** Who a visitor is for counting once a day (a campaign's visits too): the member, or the guest's keyed hash; and the day. */
    async visitorOf(actor: Actor, at: Date): Promise<{ visitor: string; day: string }> {
      const day = dayOf(at);
      return { visitor: await viewerOf(actor, day), day };
    },

    /** POST /api/views: the first view today of each post the viewer saw (not their own posts); how many counted. */
    async recordViews(actor: Actor, postIds: readonly string[], now = new Date()): Promise<number> {
      await deps.limiter.hit(`views:ip:${actor.address}`, STATS_RATES.views);
      const seen = await deps.posts.summaries([...new Set(postIds)]);
      const counted = seen.filter((s) => s.ownerId === null || s.ownerId !== actor.userId).map((s) => s.id);
      if (counted.length === 0) return 0;
      const day = dayOf(now);
      return repo.recordViews(await viewerOf(actor, day), counted, now);
    },

    /**
     * POST /api/searches: a term longer than two characters, counted for its day and region once per
     * searcher a day (as views are); nothing of who searched is kept. Whether it counted.
     */
    async recordSearch(actor: Actor, input: { query: string; region?: RegionFilter }, now = new Date()): Promise<boolean> {
      const term = searchTerm(input.query);
      if (!term) return false;
      await deps.limiter.hit(`searches:ip:${actor.address}`, STATS_RATES.searches);
      const day = dayOf(now);
      const region = input.region ?? 'all';
      try {
        await deps.limiter.hit(`search-once:${await searcherOf(actor, day)}:${region}:${term}`, STATS_RATES.searchOnce);
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') return false;
        throw err;
      }
      await repo.recordSearch(day, term, region);
      return true;
    },

    refreshFigures,

    /** GET /api/community: the figures, the trending posts and the popular areas, in one body. */
    async community(now = new Date()): Promise<CommunityFigures> {
      if (community && community.until > now.getTime() && community.generation === postsGeneration()) return community.body;
      const generation = postsGeneration();
      const [figures, members, keptBefore] = await Promise.all([deps.posts.figures(), deps.members.count(), repo.kept()]);
      let kept = keptBefore;
      if (kept.at === null) {
        // Nothing worked out yet: once, while this request waits.
        await repo.refresh(0, () => work(now));
        kept = await repo.kept();
      } else if (now.getTime() - kept.at.getTime() > REFRESH_AFTER_S * 1000) {
        // Due: worked out behind this answer, by the one instance that takes the lock.
        void refreshFigures(now).catch((err: unknown) => warnUnlessUnavailable(deps.log, err, {}, 'the home figures could not be worked out'));
      }
      const summaries = new Map((await deps.posts.summaries(kept.trending.map((t) => t.postId))).map((s) => [s.id, s]));
      const trendingOf = (type: string) =>
        kept.trending.flatMap((t) => {
          const s = t.type === type ? summaries.get(t.postId) : undefined;
          return s ? [{ id: s.id, title: s.title, type: s.type, area: s.area, views: t.views }] : [];
        });
      const body: CommunityFigures = {
        postsShared: figures.posts,
        members,
        postsGivenAway: figures.givenAway,
        estimatedLbsSaved: figures.givenAway * ESTIMATES.lbsPerPost,
        trending: { fruit: trendingOf('fruit'), firewood: trendingOf('firewood'), skids: trendingOf('skids') },
        popularAreas: kept.areas,
        asOf: (kept.at ?? now).toISOString(),
      };
      community = { body, until: now.getTime() + COMMUNITY_CACHE_MS, generation };
      return body;
    },

    /** GET /api/user/impact (spec §3 Impact record): the member's own. */
    async impact(actor: Actor): Promise<Impact> {
      const basis = await deps.posts.impactOf(memberOf(actor));
      return impactOf({
        postsCreated: basis.created,
        postsGivenAway: basis.givenAway,
        firewoodPosts: basis.firewood,
        totalViews: await repo.totalViews(basis.ids),
        communitiesHelped: basis.areas,
      });
    },

    /** GET /api/user/analytics: views of the member's posts over a range, their top posts, the top searches in their region. */
    async analytics(actor: Actor, range: AnalyticsRange, now = new Date()): Promise<Analytics> {
      const basis = await deps.posts.impactOf(memberOf(actor));
      const { buckets, bucketMinutes } = ANALYTICS_RANGES[range];
      const step = bucketMinutes * 60_000;
      const daily = bucketMinutes >= 24 * 60;
      const end = daily ? Date.parse(dayOf(now)) + step : Math.floor(now.getTime() / step) * step + step;
      const from = new Date(end - buckets * step);
      const [counts, top] = await Promise.all([repo.viewsSince(basis.ids, from, bucketMinutes), repo.topPosts(basis.ids, from, TOP)]);
      const byTime = new Map(counts.map((c) => [c.at.getTime(), c.views]));
      const series = Array.from({ length: buckets }, (_, i) => {
        const at = from.getTime() + i * step;
        return { at: new Date(at).toISOString(), views: byTime.get(at) ?? 0 };
      });
      const titles = new Map((await deps.posts.summaries(top.map((t) => t.postId))).map((s) => [s.id, s.title]));
      const area = (REGION_FILTERS as readonly string[]).includes(basis.region ?? '') ? (basis.region as RegionFilter) : 'all';
      return {
        range,
        series,
        total: series.reduce((sum, s) => sum + s.views, 0),
        topPosts: top.flatMap((t) => (titles.has(t.postId) ? [{ id: t.postId, title: titles.get(t.postId)!, views: t.views }] : [])),
        area,
        topSearches: await repo.topSearches(area, daily ? from : new Date(now.getTime() - 24 * 3_600_000), TOP, TOP_SEARCH_MIN_SEARCHERS),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
