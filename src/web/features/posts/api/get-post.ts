import { useEffect, useEffectEvent } from 'react';
import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../domain/posts';
import { apiRequest } from '../../../lib/api';
import { postKeys } from './post-keys';

export const getPost = (id: string, near: string | null) =>
  apiRequest<Post>('GET', `/api/posts/${encodeURIComponent(id)}${near ? `?near=${near}` : ''}`);

/** One post, as a shared link (`/?post=ID`) opens it; anyone may read it (spec §9). */
export const postOptions = (id: string, near: string | null) =>
  queryOptions({ queryKey: postKeys.detail(id, near), queryFn: () => getPost(id, near) });

/**
 * One post, or none while `id` is null. The home screen asks for its shared link's post too (its
 * title names the page, its type the list behind it, docs/decisions/0132): the same query as the
 * dialog's, one request.
 */
export function usePost(id: string | null, near: string | null) {
  return useQuery({ ...postOptions(id ?? '', near), enabled: id !== null });
}

/**
 * Calls `deleted` when this tab deletes the post (removeCachedPost takes every copy of it out of
 * the cache): a dialog still showing its copy would go on offering to edit a post that is gone.
 * Only the copy the caller shows counts: another (measured from another place) may be dropped
 * from the cache for not being shown (0149).
 */
export function usePostDeletedHere(id: string, near: string | null, deleted: () => void): void {
  const queryClient = useQueryClient();
  const onDeleted = useEffectEvent(deleted);
  const shown = hashKey(postKeys.detail(id, near));
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'removed' && event.query.queryHash === shown) onDeleted();
      }),
    [queryClient, shown],
  );
}
