import type { QueryClient } from '@tanstack/react-query';
import { communityKeys } from '../../community';
import { mapKeys } from '../../map';

/** The keys of GET /api/posts (lists) and GET /api/posts/:id (details). */
export const postKeys = {
  all: ['/api/posts'] as const,
  /** The list for an API query string (filters and near), page by page. */
  list: (query: string) => [...postKeys.all, 'list', query] as const,
  /** Every cached copy of one post, whatever the origin its distance was measured from. */
  post: (id: string) => [...postKeys.all, 'detail', id] as const,
  detail: (id: string, near: string | null) => [...postKeys.post(id), near] as const,
};

/**
 * A post was written: the lists, details and the map all show posts, so both roots are marked
 * stale; `refetch: false` leaves the refetch to the next time each is shown (the caches were
 * already updated by hand). The home page's figures and the member's impact count posts too, and
 * are asked again at once (docs/decisions/0127).
 */
export function invalidatePosts(queryClient: QueryClient, { refetch = true } = {}): Promise<void> {
  const refetchType = refetch ? 'active' : 'none';
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: mapKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: communityKeys.community }),
    queryClient.invalidateQueries({ queryKey: communityKeys.impacts }),
  ]).then(() => undefined);
}
