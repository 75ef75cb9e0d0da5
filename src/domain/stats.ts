import { z } from 'zod';
import { POST_TYPES, REGION_FILTERS } from './post-values';
import { BADGES, ESTIMATES, VIEW_BATCH_MAX, type ImpactBasis } from './stats-values';

/**
 * Figures measured, not invented (DECISIONS 10, 27; issue 20; docs/decisions/0086): every number
 * here comes from the database, and each estimate states its formula beside it.
 */
export * from './stats-values';

/** POST /api/views: the posts a viewer saw (a card seen for 2 s, or a post opened). */
export const ViewsInput = z.object({
  postIds: z.array(z.string().max(40)).min(1).max(VIEW_BATCH_MAX),
});

/** POST /api/searches: a search as typed, with nothing of who typed it. */
export const SearchInput = z.object({
  query: z.string().max(200),
  resultCount: z.number().int().min(0).optional(),
  category: z.enum(POST_TYPES).optional(),
  region: z.enum(REGION_FILTERS).optional(),
});

const TrendingPost = z.object({ id: z.string(), title: z.string(), type: z.enum(POST_TYPES), area: z.string(), views: z.number().int() });

/** GET /api/community: the home page's figures in one body. */
export const CommunityFigures = z.object({
  postsShared: z.number().int(),
  members: z.number().int(),
  postsGivenAway: z.number().int(),
  /** postsGivenAway × ESTIMATES.lbsPerPost. */
  estimatedLbsSaved: z.number().int(),
  /** The 7-day views of each type's trending posts (TRENDING_SIZE each), most first. */
  trending: z.object({ fruit: z.array(TrendingPost), firewood: z.array(TrendingPost), skids: z.array(TrendingPost) }),
  /** Areas (a town or neighbourhood, never a street) with the most posts over POPULAR_DAYS. */
  popularAreas: z.array(z.object({ area: z.string(), posts: z.number().int() })),
  /** When these figures were worked out. */
  asOf: z.string(),
});
export type CommunityFigures = z.infer<typeof CommunityFigures>;

/** GET /api/user/impact (spec §3 Impact record), with the rule of each badge. */
export const Impact = z.object({
  postsCreated: z.number().int(),
  totalViews: z.number().int(),
  postsGivenAway: z.number().int(),
  estimatedWastePrevented: z.number(),
  estimatedMoneySaved: z.number(),
  communitiesHelped: z.number().int(),
  badges: z.array(z.object({ name: z.string(), rule: z.string(), earned: z.boolean() })),
  carbonFootprintReduced: z.number(),
});
export type Impact = z.infer<typeof Impact>;

export function impactOf(basis: ImpactBasis): Impact {
  const lbs = basis.postsGivenAway * ESTIMATES.lbsPerPost;
  return {
    postsCreated: basis.postsCreated,
    totalViews: basis.totalViews,
    postsGivenAway: basis.postsGivenAway,
    estimatedWastePrevented: lbs,
    estimatedMoneySaved: lbs * ESTIMATES.dollarsPerLb,
    communitiesHelped: basis.communitiesHelped,
    badges: BADGES.map((b) => ({ name: b.name, rule: b.rule, earned: b.earned(basis) })),
    carbonFootprintReduced: Math.round(lbs * ESTIMATES.kgCo2PerLb * 10) / 10,
  };
}

export const AnalyticsQuery = z.object({ range: z.enum(['1h', '24h', '7d']).default('24h') });

/** GET /api/user/analytics: views of the member's own posts, their top posts, and the top searches in their area. */
export const Analytics = z.object({
  range: z.enum(['1h', '24h', '7d']),
  series: z.array(z.object({ at: z.string(), views: z.number().int() })),
  total: z.number().int(),
  topPosts: z.array(z.object({ id: z.string(), title: z.string(), views: z.number().int() })),
  /** The region the searches are from ('all' when the member has no post in one). */
  area: z.enum(REGION_FILTERS),
  topSearches: z.array(z.object({ term: z.string(), searches: z.number().int() })),
});
export type Analytics = z.infer<typeof Analytics>;
