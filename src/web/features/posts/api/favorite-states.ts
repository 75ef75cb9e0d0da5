import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteState } from '../../../../domain/favorites';
import { LIMITS } from '../../../../domain/limits';
import { apiRequest } from '../../../lib/api';

/**
 * The keys of the hearts: one boolean per post and member. Not under the /favorites list's root
 * (favoriteKeys), so what happens to the list's cached posts never touches a heart.
 */
export const favoriteStateKeys = {
  all: ['/api/favorites/states'] as const,
  state: (userId: string | null, postId: string) => [...favoriteStateKeys.all, userId, postId] as const,
};

export const getFavoriteStates = (postIds: readonly string[]) =>
  apiRequest<FavoriteState[]>(
    'GET',
    `/api/favorites/states?postIds=${postIds.map(encodeURIComponent).join(',')}`,
  );

interface Waiting {
  resolve: (isFavorite: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the posts asked about in one task (the cards of a page mount together) and asks the
 * server once per 100 of them (docs/decisions/0047): a loaded page of cards is one request.
 */
export function createFavoriteStatesLoader(
  fetchStates: (postIds: readonly string[]) => Promise<FavoriteState[]> = getFavoriteStates,
  schedule: (flush: () => void) => unknown = (flush) => setTimeout(flush, 0),
) {
  let queue = new Map<string, Waiting[]>();

  function flush() {
    const batch = queue;
    queue = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += LIMITS.favoriteStatesMax) {
      const chunk = ids.slice(start, start + LIMITS.favoriteStatesMax);
      const settle = (each: (waiting: Waiting, postId: string) => void) => {
        for (const postId of chunk) for (const waiting of batch.get(postId) ?? []) each(waiting, postId);
      };
      fetchStates(chunk).then(
        (states) => {
          const saved = new Set(states.filter((s) => s.isFavorite).map((s) => s.postId));
          settle((waiting, postId) => waiting.resolve(saved.has(postId.toLowerCase())));
        },
        (error: unknown) => settle((waiting) => waiting.reject(error)),
      );
    }
  }

  return function isFavorite(postId: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (queue.size === 0) schedule(flush);
      queue.set(postId, [...(queue.get(postId) ?? []), { resolve, reject }]);
    });
  };
}

const loadFavoriteState = createFavoriteStatesLoader();

/** Whether the member has favourited the post; asked together with the other cards on screen. */
export const favoriteStateOptions = (userId: string | null, postId: string) =>
  queryOptions({
    queryKey: favoriteStateKeys.state(userId, postId),
    queryFn: () => loadFavoriteState(postId),
    enabled: userId !== null,
  });

/** The heart of one post: false for a guest and until the answer comes. */
export function useIsFavorite(userId: string | null, postId: string): boolean {
  return useQuery(favoriteStateOptions(userId, postId)).data ?? false;
}
