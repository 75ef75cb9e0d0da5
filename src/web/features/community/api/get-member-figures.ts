import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsRange, Impact } from '../../../../domain/stats';
import { apiRequest } from '../../../lib/api';
import { communityKeys } from './community-keys';

/** GET /api/user/impact: the member's impact record (spec §3). */
export const impactOptions = (userId: string) =>
  queryOptions({
    queryKey: communityKeys.impact(userId),
    queryFn: () => apiRequest<Impact>('GET', '/api/user/impact'),
    staleTime: 60_000,
  });

export const useImpact = (userId: string) => useQuery(impactOptions(userId));

/** GET /api/user/analytics?range=: views of the member's posts, top posts and searches over a range. */
export const analyticsOptions = (userId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: communityKeys.analytics(userId, range),
    queryFn: () => apiRequest<Analytics>('GET', `/api/user/analytics?range=${range}`),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (userId: string, range: AnalyticsRange) =>
  useQuery(analyticsOptions(userId, range));
