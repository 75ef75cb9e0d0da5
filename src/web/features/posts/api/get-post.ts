import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../domain/posts';
import { apiRequest } from '../../../lib/api';
import { postKeys } from './post-keys';

export const getPost = (id: string, near: string | null) =>
  apiRequest<Post>('GET', `/api/posts/${encodeURIComponent(id)}${near ? `?near=${near}` : ''}`);

/** One post, as a shared link (`/?post=ID`) opens it; anyone may read it (spec §9). */
export const postOptions = (id: string, near: string | null) =>
  queryOptions({ queryKey: postKeys.detail(id, near), queryFn: () => getPost(id, near) });

export function usePost(id: string, near: string | null) {
  return useQuery(postOptions(id, near));
}

/**
 * The post of the address's shared link (`/?post=ID`) as the home screen needs it: its title names
 * the page while it is open, its type the list behind it (docs/decisions/0132). The same query as
 * the dialog's: one request.
 */
export function useSharedPost(id: string | null, near: string | null) {
  return useQuery({ ...postOptions(id ?? '', near), enabled: id !== null });
}
