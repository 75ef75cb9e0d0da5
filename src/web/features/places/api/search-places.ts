import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PLACE_QUERY } from '../../../../domain/place-values';
import type { PlaceList } from '../../../../domain/places';
import { apiRequest } from '../../../lib/api';

/** The keys of GET /api/places: one search, as the server reads it (case does not change the answer). */
export const placeKeys = {
  all: ['/api/places'] as const,
  search: (q: string) => [...placeKeys.all, q.toLowerCase()] as const,
};

/** GET /api/places for `query` once it has PLACE_QUERY.min characters; the last answer stays while the next loads. */
export function usePlaceSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: placeKeys.search(q),
    queryFn: () => apiRequest<PlaceList>('GET', `/api/places?q=${encodeURIComponent(q)}`),
    enabled: q.length >= PLACE_QUERY.min,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
