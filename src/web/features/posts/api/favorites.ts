import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/posts';
import { toast } from '../../../components/ui/use-toast';
import { apiFetch, apiRequest, type ApiResponse } from '../../../lib/api';
import { FAVORITES_HIDDEN_HEADER } from '../../../../domain/post-values';
import { favoriteStateKeys } from './favorite-states';

/** The keys of GET /api/favorites: the member's saved posts (the hearts have their own, favoriteStateKeys). */
export const favoriteKeys = {
  all: ['/api/favorites'] as const,
  /** Every list of one member's, whatever the origin. */
  lists: (userId: string | null) => [...favoriteKeys.all, userId] as const,
  list: (userId: string | null, near: string | null) => [...favoriteKeys.lists(userId), near] as const,
};

/** The member's saved posts they may see, and how many more are hidden for now (docs/decisions/0144). */
export interface FavoritesList {
  posts: Post[];
  hidden: number;
}

/** A list of favourites without one post (unsaved, deleted): the same list when it was not there. */
export const withoutFavorite = (list: FavoritesList | undefined, postId: string): FavoritesList | undefined =>
  list && list.posts.some((p) => p.id === postId) ? { ...list, posts: list.posts.filter((p) => p.id !== postId) } : list;

export class FavoritesFetchError extends Error {
  constructor(cause: unknown) {
    super('Failed to fetch favorites', { cause });
  }
}

/**
 * The session user's favourites (spec §7 sends the user's id; the server acts for the session
 * only). Every post listed is favourited: its heart is known without asking (seeding the cache).
 */
export const favoritesOptions = (userId: string | null, near: string | null) =>
  queryOptions({
    queryKey: favoriteKeys.list(userId, near),
    queryFn: async ({ client }) => {
      const query = new URLSearchParams({ userId: userId ?? '' });
      if (near) query.set('near', near);
      let answer: ApiResponse<Post[]>;
      try {
        answer = await apiFetch<Post[]>('GET', `/api/favorites?${query}`);
      } catch (error) {
        throw new FavoritesFetchError(error);
      }
      const posts = answer.data;
      for (const post of posts) client.setQueryData(favoriteStateKeys.state(userId, post.id), true);
      return { posts, hidden: Number(answer.headers.get(FAVORITES_HIDDEN_HEADER) ?? 0) } satisfies FavoritesList;
    },
    enabled: userId !== null,
  });

export function useFavorites(userId: string | null, near: string | null) {
  return useQuery(favoritesOptions(userId, near));
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

/**
 * Adds or removes a favourite; the heart changes at once and returns to its state on failure, and
 * an unsaved post leaves the user's /favorites lists at once (spec §8 toasts).
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onMutate: async ({ userId, post, favorite }) => {
      const heart = favoriteStateKeys.state(userId, post.id);
      const lists = favoriteKeys.lists(userId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: heart }),
        queryClient.cancelQueries({ queryKey: lists }),
      ]);
      const before = queryClient.getQueriesData<FavoritesList>({ queryKey: lists });
      queryClient.setQueryData(heart, favorite);
      if (!favorite) {
        queryClient.setQueriesData<FavoritesList>({ queryKey: lists }, (list) => withoutFavorite(list, post.id));
      }
      return { heart, before };
    },
    // Here rather than in mutate(): the card may unmount meanwhile (unsaved on /favorites).
    onSuccess: (_data, { favorite }) =>
      toast({ title: favorite ? 'Added to favorites' : 'Removed from favorites' }),
    onError: (_error, { favorite }, context) => {
      // The heart showed the other state before the click (an unknown one showed as not favourited).
      if (context) {
        queryClient.setQueryData(context.heart, !favorite);
        for (const [key, list] of context.before) queryClient.setQueryData(key, list);
      }
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to update favorites. Please try again.',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
