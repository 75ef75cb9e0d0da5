import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostFields, PostType } from '../../../../domain/posts';
import { apiRequest } from '../../../lib/api';
import { invalidatePosts, postKeys } from './post-keys';

export interface CreatePostRequest {
  type: PostType;
  fields: PostFields;
  image: File | null;
}

/** The post form as multipart/form-data (spec §7): fields, type, exact-spot choice and the image. */
export function postFormData({ type, fields, image }: CreatePostRequest): FormData {
  const form = new FormData();
  form.set('type', type);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.set(key, typeof value === 'boolean' ? String(value) : String(value));
  }
  form.set('exactLocation', fields.exactLocation ? 'true' : 'false');
  if (image) form.set('image', image, image.name);
  return form;
}

export const createPost = (request: CreatePostRequest) =>
  apiRequest<Post>('POST', '/api/posts', postFormData(request));

/** Creates the post; every list and the map refetch, so it appears without a reload. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id, null), post);
      return invalidatePosts(queryClient);
    },
  });
}
