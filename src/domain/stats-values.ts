/**
 * The zod-free part of the home figures (as post-values.ts is of posts, docs/decisions/0040): the
 * home page's cards run on the first screen and import these without pulling zod in. stats.ts
 * re-exports them with the API's schemas.
 */

export const ESTIMATES = {
  /** Spec §9: 12 lbs a post given away. */
  lbsPerPost: 12,
  /** Dollars a pound of what is given away would cost (fruit at the market, firewood by the bag). */
  dollarsPerLb: 2,
  /** Kilograms of CO2e a pound kept out of landfill or a truck avoids (an order of magnitude, EPA WARM). */
  kgCo2PerLb: 0.5,
} as const;

/** How views are counted, wherever a view figure is shown. */
export const VIEWS_COUNTED = 'once per person a day';

export const FORMULAS = {
  waste: `${ESTIMATES.lbsPerPost} lbs for each post given away`,
  money: `$${ESTIMATES.dollarsPerLb} for each estimated pound`,
  carbon: `${ESTIMATES.kgCo2PerLb} kg CO2e for each estimated pound`,
  views: `views (${VIEWS_COUNTED})`,
} as const;

/** Posts shown on the trending card, popular areas on the locations card (spec §9). */
export const TRENDING_SIZE = 5;
export const POPULAR_AREAS = 8;
/** Days of views trending looks back over, and how much a day's views fade per day of age. */
export const TRENDING_DAYS = 7;
export const TRENDING_DECAY = 0.8;
/** Days of posts the popular areas count. */
export const POPULAR_DAYS = 30;
/**
 * A term is among the top searches every member sees only once this many searchers made it (each
 * counted once a day): one person's words (their street, a slur, a spam address) are never shown
 * to everyone (docs/decisions/0140).
 */
export const TOP_SEARCH_MIN_SEARCHERS = 3;
/** A search term is kept when longer than this (spec §9), and cut to the second. */
export const SEARCH_TERM_MIN = 3;
export const SEARCH_TERM_MAX = 60;
/** The most post ids one batch of views carries (a page of cards is 20). */
export const VIEW_BATCH_MAX = 50;

/** The text kept of a search: lowercased, spaces folded, cut to SEARCH_TERM_MAX; null when too short. */
export function searchTerm(query: string): string | null {
  const term = query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, SEARCH_TERM_MAX).trim();
  return term.length >= SEARCH_TERM_MIN ? term : null;
}

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

/** The analytics ranges of spec §9, each with its buckets. */
export const ANALYTICS_RANGES = {
  '1h': { buckets: 12, bucketMinutes: 5 },
  '24h': { buckets: 24, bucketMinutes: 60 },
  '7d': { buckets: 7, bucketMinutes: 24 * 60 },
} as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;
