import type { AnalyticsRange } from '../../../../domain/stats';

/** The keys of the home page's figures; a member's own are per member, so a change of member never shows the last one's. */
export const communityKeys = {
  community: ['/api/community'] as const,
  impact: (userId: string) => ['/api/user/impact', userId] as const,
  analytics: (userId: string, range: AnalyticsRange) => ['/api/user/analytics', userId, range] as const,
};
