import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityFigures } from '../../../../domain/stats';
import { apiRequest } from '../../../lib/api';
import { communityKeys } from './community-keys';

/** GET /api/community: the figures, trending and popular areas in one body (the server keeps it 15 s). */
export const communityOptions = () =>
  queryOptions({
    queryKey: communityKeys.community,
    queryFn: () => apiRequest<CommunityFigures>('GET', '/api/community'),
    staleTime: 60_000,
  });

export const useCommunity = () => useQuery(communityOptions());
