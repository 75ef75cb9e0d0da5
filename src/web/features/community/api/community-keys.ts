import type { AnalyticsRange } from '../../../../domain/stats';

/** The keys of the home page's figures; a member's own are per member, so a change of member never shows the last one's. */
export const communityKeys = {
  community: ['/api/community'] as const,
  /** Every member's impact kept in this tab (one at a time in practice). */
  impacts: ['/api/user/impact'] as const,
  impact: (userId: string) => [...communityKeys.impacts, userId] as const,
  analytics: (userId: string, range: AnalyticsRange) => ['/api/user/analytics', userId, range] as const,
};
