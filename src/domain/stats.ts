import { z } from 'zod';
import { POST_TYPES, REGION_FILTERS } from './post-values';

/**
 * Figures measured, not invented (DECISIONS 10, 27; issue 20; docs/decisions/0086): every number
 * here comes from the database, and each estimate states its formula beside it.
 */
export const ESTIMATES = {
  /** Spec §9: 12 lbs a post given away. */
  lbsPerPost: 12,
  /** Dollars a pound of what is given away would cost (fruit at the market, firewood by the bag). */
  dollarsPerLb: 2,
  /** Kilograms of CO2e a pound kept out of landfill or a truck avoids (an order of magnitude, EPA WARM). */
  kgCo2PerLb: 0.5,
} as const;

export const FORMULAS = {
  waste: `${ESTIMATES.lbsPerPost} lbs for each post given away`,
  money: `$${ESTIMATES.dollarsPerLb} for each estimated pound`,
  carbon: `${ESTIMATES.kgCo2PerLb} kg CO2e for each estimated pound`,
  views: 'views (once per person a day)',
} as const;

/** Posts shown on the trending card, popular areas on the locations card (spec §9). */
export const TRENDING_SIZE = 5;
export const POPULAR_AREAS = 8;
/** Days of views trending looks back over, and how much a day's views fade per day of age. */
export const TRENDING_DAYS = 7;
export const TRENDING_DECAY = 0.8;
/** Days of posts the popular areas count. */
export const POPULAR_DAYS = 30;
/** A search term is kept when longer than this (spec §9), and cut to the second. */
export const SEARCH_TERM_MIN = 3;
export const SEARCH_TERM_MAX = 60;
/** The most post ids one batch of views carries (a page of cards is 20). */
export const VIEW_BATCH_MAX = 50;

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

/** The text kept of a search: lowercased, spaces folded, cut to SEARCH_TERM_MAX; null when too short. */
export function searchTerm(query: string): string | null {
  const term = query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, SEARCH_TERM_MAX).trim();
  return term.length >= SEARCH_TERM_MIN ? term : null;
}

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

/** Badges of the impact card, each with the rule that earns it. */
export const BADGES = [
  { name: 'First Share', rule: 'Share your first post', earned: (i: ImpactBasis) => i.postsCreated >= 1 },
  { name: 'Community Helper', rule: 'Give away 5 posts', earned: (i: ImpactBasis) => i.postsGivenAway >= 5 },
  { name: 'Eco Warrior', rule: 'Save an estimated 100 lbs', earned: (i: ImpactBasis) => i.postsGivenAway * ESTIMATES.lbsPerPost >= 100 },
  { name: 'Firewood Hero', rule: 'Share 3 firewood posts', earned: (i: ImpactBasis) => i.firewoodPosts >= 3 },
  { name: 'Good Neighbour', rule: 'Help 3 different areas', earned: (i: ImpactBasis) => i.communitiesHelped >= 3 },
] as const;

/** What a member's impact is worked out from. */
export interface ImpactBasis {
  postsCreated: number;
  postsGivenAway: number;
  firewoodPosts: number;
  totalViews: number;
  communitiesHelped: number;
}

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

/** The analytics ranges of spec §9, each with its buckets. */
export const ANALYTICS_RANGES = {
  '1h': { buckets: 12, bucketMinutes: 5 },
  '24h': { buckets: 24, bucketMinutes: 60 },
  '7d': { buckets: 7, bucketMinutes: 24 * 60 },
} as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;
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
