import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapResponse } from '../../../../domain/posts';
import { apiRequest } from '../../../lib/api';

/** What the map shows: the box in view ("west,south,east,north") and the zoom. */
export interface MapViewport {
  bbox: string;
  zoom: number;
}

/** The keys of GET /api/posts/map; a post write marks them stale with the posts' (posts/api/post-keys.ts). */
export const mapKeys = {
  all: ['/api/posts/map'] as const,
  view: (query: string, viewport: MapViewport | null) =>
    [...mapKeys.all, query, viewport?.bbox ?? null, viewport?.zoom ?? null] as const,
};

/** Clusters or points in the box for the home filters (`query`). */
export const mapOptions = (query: string, viewport: MapViewport | null) =>
  queryOptions({
    queryKey: mapKeys.view(query, viewport),
    queryFn: async () => {
      const params = new URLSearchParams(query);
      params.set('bbox', viewport?.bbox ?? '');
      params.set('zoom', String(viewport?.zoom ?? 0));
      try {
        return await apiRequest<MapResponse>('GET', `/api/posts/map?${params}`);
      } catch (error) {
        throw new Error('Failed to fetch posts', { cause: error });
      }
    },
    enabled: viewport !== null,
    placeholderData: keepPreviousData,
  });

export function useMapPosts(query: string, viewport: MapViewport | null) {
  return useQuery(mapOptions(query, viewport));
}
