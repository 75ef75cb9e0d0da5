import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/posts';
import { mapKeys, replaceMapPoint } from '../../map';
import { favoriteKeys } from './favorites';
import type { PostsPage } from './get-posts';
import { invalidatePosts, postKeys } from './post-keys';

/** Puts a changed post into every cached list, map view and detail at once, then refreshes them in the background. */
export function replaceCachedPost(queryClient: QueryClient, post: Post): void {
  queryClient.setQueriesData<InfiniteData<PostsPage> | Post>({ queryKey: postKeys.all }, (data) => {
    if (!data) return data;
    if ('pages' in data) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          posts: page.posts.map((p) => (p.id === post.id ? post : p)),
        })),
      };
    }
    return data.id === post.id ? post : data;
  });
  replaceMapPoint(queryClient, post.id, post);
  void invalidatePosts(queryClient, { refetch: false });
  // The map on screen is asked again: an edit may take the pin out of its filters or its box.
  void queryClient.invalidateQueries({ queryKey: mapKeys.all });
}

/**
 * What another area adds to cards changed on the server (a post's comment count, its owner's
 * rating): every list, detail, map view and favourites list of cards is asked again.
 */
export function refreshCards(queryClient: QueryClient): Promise<void> {
  return Promise.all([invalidatePosts(queryClient), queryClient.invalidateQueries({ queryKey: favoriteKeys.all })]).then(
    () => undefined,
  );
}
