import { useEffect, useRef } from 'react';
import { LoaderCircle } from 'lucide-react';
import { COMMENT_MESSAGES } from '../../../../domain/comments';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { firstFocusable } from '../../../lib/focus';
import { useComments } from '../api/get-comments';
import { CommentItem, COMMENTS_REGION } from './comment-item';

/**
 * The comments, newest first, and 'Show older comments' while there are more. The region takes
 * focus when a deleted comment's button leaves (comment-item.tsx).
 */
export function CommentList({ postId }: { postId: string }) {
  const comments = useComments(postId);
  const list = useRef<HTMLOListElement>(null);
  const all = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  // 'Show older comments' had focus: the first older comment takes it when it arrives (docs/decisions/0049).
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const item = focusAt.current === null ? null : list.current?.children[focusAt.current];
    if (!item) return;
    focusAt.current = null;
    firstFocusable(item)?.focus();
  }, [all.length]);

  const showOlder = (event: { currentTarget: HTMLElement }) => {
    if (comments.isFetchingNextPage) return;
    if (event.currentTarget === document.activeElement) focusAt.current = all.length;
    void comments.fetchNextPage();
  };

  return (
    <section
      aria-label="Comments"
      tabIndex={-1}
      {...{ [COMMENTS_REGION]: '' }}
      className="-mx-2 min-h-16 flex-1 overflow-y-auto px-2 py-1 outline-none"
    >
      {comments.isPending ? (
        <div role="status" aria-label="Loading comments" className="grid gap-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-8 shrink-0 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-3.5 w-1/3" />
                <Skeleton className="h-3.5 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : comments.isError ? (
        <div className="grid justify-items-start gap-2 text-sm" role="alert">
          <p>{comments.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{COMMENT_MESSAGES.emptyList}</p>
      ) : (
        <ol ref={list} className="grid gap-4">
          {all.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {comments.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-4 w-full"
          onClick={showOlder}
          aria-disabled={comments.isFetchingNextPage}
          aria-busy={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Show older comments
        </Button>
      )}
    </section>
  );
}
