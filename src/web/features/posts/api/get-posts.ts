import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Post } from '../../../../domain/posts';
import { apiFetch, nextLinkOf, waitMessage } from '../../../lib/api';
import type { CountAccuracy } from '../../../lib/count';
import { postKeys } from './post-keys';

export interface PostsPage {
  posts: Post[];
  /** The filtered total (X-Total-Count): also the posts a viewer without access cannot see. */
  total: number;
  /** Capped (X-Total-Count-Capped: more match) or estimated (X-Total-Count-Estimated), else exact. */
  totalAccuracy: CountAccuracy;
  /** The next page's URL from `Link: <…>; rel="next"`, or null on the last page. */
  next: string | null;
}

export class PostsFetchError extends Error {
  /** What to do about it for people: the server's message when it asks to wait (429), else none. */
  readonly hint: string | undefined;

  constructor(cause: unknown) {
    super('Failed to fetch posts', { cause });
    this.hint = waitMessage(cause);
  }
}

export async function getPostsPage(url: string): Promise<PostsPage> {
  try {
    const { data, headers } = await apiFetch<Post[]>('GET', url);
    const total = Number(headers.get('x-total-count'));
    return {
      posts: data,
      total: Number.isFinite(total) ? total : data.length,
      totalAccuracy: headers.get('x-total-count-estimated') === 'true' ? 'estimated' : 'exact',
      next: nextLinkOf(headers),
    };
  } catch (error) {
    throw new PostsFetchError(error);
  }
}

/** The list for a query string (filters + near), page by page on the server's Link cursor. */
export const postsListOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(query),
    queryFn: ({ pageParam }) => getPostsPage(pageParam),
    initialPageParam: `/api/posts?${query}`,
    getNextPageParam: (last) => last.next ?? undefined,
    // While other filters load, the cards shown stay (dimmed) instead of blinking to skeletons;
    // another tab's cards never stand in for this one's (spec §2: six skeleton cards).
    placeholderData: (previous, previousQuery) =>
      previousQuery && typeOf(String(previousQuery.queryKey[2])) === typeOf(query) ? previous : undefined,
  });

const typeOf = (query: string) => new URLSearchParams(query).get('type');

export function usePostsList(query: string) {
  return useInfiniteQuery(postsListOptions(query));
}
