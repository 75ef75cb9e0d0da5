import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRating } from '../../../../domain/members';
import { apiRequest } from '../../../lib/api';

/** The keys of GET /api/users/:id/ratings: the reviews a member received, newest first. */
export const ratingKeys = {
  all: ['/api/users/:id/ratings'] as const,
  list: (userId: string) => [...ratingKeys.all, userId] as const,
};

export const ratingsOptions = (userId: string) =>
  queryOptions({
    queryKey: ratingKeys.list(userId),
    queryFn: () => apiRequest<UserRating[]>('GET', `/api/users/${encodeURIComponent(userId)}/ratings`),
    // Asked again at each opening: what others wrote or did since it was last open (kept meanwhile).
    staleTime: 0,
  });

export function useRatings(userId: string) {
  return useQuery(ratingsOptions(userId));
}
