import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COMMENT_MESSAGES, type Comment } from '../../../../domain/comments';
import { apiFetch, nextLinkOf } from '../../../lib/api';

/** Comments a page asks for: what a phone shows in the dialog, then 'Show older comments'. */
export const COMMENTS_PAGE_SIZE = 10;

/** The keys of GET /api/posts/:id/comments: one post's comments, page by page. */
export const commentKeys = {
  all: ['/api/posts/:id/comments'] as const,
  list: (postId: string) => [...commentKeys.all, postId] as const,
};

interface CommentsPage {
  comments: Comment[];
  /** The older page's URL from `Link: <…>; rel="next"`, or null on the oldest. */
  next: string | null;
}

/** Spec §8: 'Failed to fetch comments'. */
export class CommentsFetchError extends Error {
  constructor(cause: unknown) {
    super(COMMENT_MESSAGES.fetchFailed, { cause });
  }
}

async function getCommentsPage(url: string): Promise<CommentsPage> {
  try {
    const { data, headers } = await apiFetch<Comment[]>('GET', url);
    return { comments: data, next: nextLinkOf(headers) };
  } catch (error) {
    throw new CommentsFetchError(error);
  }
}

export const commentsOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(postId),
    queryFn: ({ pageParam }) => getCommentsPage(pageParam),
    initialPageParam: `/api/posts/${encodeURIComponent(postId)}/comments?limit=${COMMENTS_PAGE_SIZE}`,
    getNextPageParam: (last) => last.next ?? undefined,
    // Asked again at each opening: what others wrote or did since it was last open (kept meanwhile).
    staleTime: 0,
  });

/** Newest first; asked only while the dialog is open (spec §2 dialog 3): its list is mounted then. */
export function useComments(postId: string) {
  return useInfiniteQuery(commentsOptions(postId));
}
