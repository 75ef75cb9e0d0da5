import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Post, PostFields, PostType } from '../../../../domain/posts';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';
import { replaceMapPoint } from '../../map';
import { favoriteKeys, withoutFavorite, type FavoritesList } from './favorites';
import type { PostsPage } from './get-posts';
import { invalidatePosts, postKeys } from './post-keys';
import { replaceCachedPost } from './update-cache';

export interface UpdatePostRequest {
  postId: string;
  type: PostType;
  fields: PostFields;
  image: File | null;
  removeImage: boolean;
}

/** Every field of the form, empty ones too: the server clears the optional fields it is not sent. */
export function editFormData({ type, fields, image, removeImage }: Omit<UpdatePostRequest, 'postId'>): FormData {
  const form = new FormData();
  form.set('type', type);
  for (const [key, value] of Object.entries(fields)) {
    form.set(key, value === undefined || value === null ? '' : String(value));
  }
  form.set('exactLocation', fields.exactLocation ? 'true' : 'false');
  if (image) form.set('image', image, image.name);
  else if (removeImage) form.set('removeImage', 'true');
  return form;
}

export const updatePost = ({ postId, ...request }: UpdatePostRequest) =>
  apiRequest<Post>('PATCH', `/api/posts/${encodeURIComponent(postId)}`, editFormData(request));

export const deletePost = (postId: string) =>
  apiRequest<undefined>('DELETE', `/api/posts/${encodeURIComponent(postId)}`);

/** Owners and admins edit a post (DECISIONS 17); every cached copy shows the change at once. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      replaceCachedPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
      toast({ title: 'Post updated.' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to update post. Please try again.',
        description: serverMessage(error),
      }),
  });
}

/** Takes a post out of every cached list, favourites, map view and detail, then marks them stale. */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  queryClient.removeQueries({ queryKey: postKeys.post(postId) });
  queryClient.setQueriesData<InfiniteData<PostsPage> | Post>({ queryKey: postKeys.all }, (data) => {
    if (!data) return data;
    if ('pages' in data) {
      return {
        ...data,
        pages: data.pages.map((page) => {
          const posts = page.posts.filter((p) => p.id !== postId);
          return posts.length === page.posts.length ? page : { ...page, posts, total: Math.max(0, page.total - 1) };
        }),
      };
    }
    return data;
  });
  queryClient.setQueriesData<FavoritesList>({ queryKey: favoriteKeys.all }, (data) => withoutFavorite(data, postId));
  replaceMapPoint(queryClient, postId, null);
  void invalidatePosts(queryClient, { refetch: false });
  void queryClient.invalidateQueries({ queryKey: favoriteKeys.all, refetchType: 'none' });
}

/** Owners and admins delete a post (DECISIONS 17); it leaves every list without a reload. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    // Toasts here: the card leaves the list as soon as the post is gone.
    onSuccess: (_data, postId) => {
      removeCachedPost(queryClient, postId);
      toast({ title: 'Post deleted.' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to delete post. Please try again.',
        description: serverMessage(error),
      }),
  });
}
