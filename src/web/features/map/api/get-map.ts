import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MapResponse, Post } from '../../../../domain/posts';
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

/**
 * Shows a post's change at once on every map view cached: its pin with the post as it now stands,
 * or none once it is deleted (`null`). Clusters count on the server; the views are asked again
 * when next shown, as after any post write (after an edit, the one on screen at once: the post may
 * have left its filters or its box).
 */
export function replaceMapPoint(queryClient: QueryClient, postId: string, post: Post | null): void {
  const isIt = (item: MapResponse['items'][number]) => item.kind === 'point' && item.post.id === postId;
  queryClient.setQueriesData<MapResponse>({ queryKey: mapKeys.all }, (data) => {
    if (!data?.items.some(isIt)) return data;
    if (post) return { ...data, items: data.items.map((item) => (isIt(item) ? { kind: 'point', post } : item)) };
    return { ...data, items: data.items.filter((item) => !isIt(item)), total: Math.max(0, data.total - 1) };
  });
}
