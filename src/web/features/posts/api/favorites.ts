import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/posts';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';

export const favoritesKey = ['/api/favorites'] as const;

export class FavoritesFetchError extends Error {
  constructor(cause: unknown) {
    super('Failed to fetch favorites', { cause });
  }
}

/** The session user's favourites (spec §7 sends the user's id; the server acts for the session only). */
export const favoritesOptions = (userId: string | null, near: string | null) =>
  queryOptions({
    queryKey: [...favoritesKey, userId, near],
    queryFn: async () => {
      const query = new URLSearchParams({ userId: userId ?? '' });
      if (near) query.set('near', near);
      try {
        return await apiRequest<Post[]>('GET', `/api/favorites?${query}`);
      } catch (error) {
        throw new FavoritesFetchError(error);
      }
    },
    enabled: userId !== null,
  });

export function useFavorites(userId: string | null, near: string | null) {
  return useQuery(favoritesOptions(userId, near));
}

/**
 * The ids of the user's favourites, for the hearts on the cards: one request for the whole page
 * instead of a check per card.
 */
export function useFavoriteIds(userId: string | null): ReadonlySet<string> | undefined {
  const { data } = useQuery({
    ...favoritesOptions(userId, null),
    select: (posts) => new Set(posts.map((p) => p.id)),
  });
  return data;
}

export interface ToggleFavoriteRequest {
  userId: string;
  post: Post;
  favorite: boolean;
}

export function toggleFavorite({ userId, post, favorite }: ToggleFavoriteRequest) {
  const body = { userId, postId: post.id };
  return favorite ? apiRequest('POST', '/api/favorites', body) : apiRequest('DELETE', '/api/favorites', body);
}

/** Adds or removes a favourite; the heart changes at once and returns to its state on failure (spec §8 toasts). */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onMutate: async ({ userId, post, favorite }) => {
      const key = favoritesOptions(userId, null).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list: Post[] = []) =>
        favorite ? [post, ...list.filter((p) => p.id !== post.id)] : list.filter((p) => p.id !== post.id),
      );
      return { key, before };
    },
    // Here rather than in mutate(): the card may unmount meanwhile (unsaved on /favorites).
    onSuccess: (_data, { favorite }) =>
      toast({ title: favorite ? 'Added to favorites' : 'Removed from favorites' }),
    onError: (_error, _request, context) => {
      if (context) queryClient.setQueryData(context.key, context.before);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to update favorites. Please try again.',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKey }),
  });
}
