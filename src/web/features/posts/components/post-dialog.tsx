import { useDeferredValue, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EyeOff } from 'lucide-react';
import { unlistedText } from '../../../../domain/own-post-values';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { trackView } from '../../../lib/tracking/tracker';
import { usePost, usePostDeletedHere } from '../api/get-post';
import type { OpenedComments } from '../../comments';
import { PostCard } from './post-card';
import { POST_GONE_TEXT } from '../../../../domain/post-values';

interface PostDialogProps {
  postId: string;
  near: string | null;
  /** Its comments open over it (`&comments=1`: a 'New Comment' notification). */
  comments?: OpenedComments;
  onClose: () => void;
}

/**
 * A shared link `/?post=ID` (spec §9), a map popup's 'View Details' or a notification: the post in
 * a dialog, with its comments over it when the link asks.
 */
export function PostDialog({ postId, near, comments, onClose }: PostDialogProps) {
  const post = usePost(postId, near);
  // The card renders as a transition, in slices, not in the task its answer arrives in (docs/decisions/0088).
  const data = useDeferredValue(post.data);
  // A post opened is a view (issue 20); the server leaves out the owner's own.
  const opened = data && !data.locked ? data : null;
  useEffect(() => {
    if (opened) trackView(opened);
  }, [opened]);
  // Deleted from this dialog (its owner's menu): it closes, and the focus goes to the page's main
  // region, not to an opener leaving with the post (0149).
  const deleted = useRef(false);
  usePostDeletedHere(postId, near, () => {
    deleted.current = true;
    onClose();
  });
  return (
    <Dialog defaultOpen onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-md gap-0 p-0 sm:p-0"
        aria-describedby={undefined}
        openerGoing={() => deleted.current}
      >
        {data ? (
          <>
            <DialogTitle className="px-5 pt-4 pb-3 text-base">Post details</DialogTitle>
            {data.unlisted && (
              <p className="mx-5 mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {unlistedText(data.unlisted, data.viewerOwns)}
              </p>
            )}
            <PostCard
              post={data}
              full
              openedComments={comments}
              headingLevel="h2"
              className="rounded-none border-x-0 border-b-0 shadow-none"
            />
          </>
        ) : post.isError ? (
          <div className="grid gap-3 p-6">
            <DialogTitle>
              {isApiError(post.error, 404) ? 'Post not found' : 'Could not load this post'}
            </DialogTitle>
            <DialogDescription>
              {isApiError(post.error, 404)
                ? POST_GONE_TEXT
                : 'Check your connection and try again.'}
            </DialogDescription>
            <Button asChild variant="outline" onClick={onClose}>
              <Link to="/">Browse posts</Link>
            </Button>
          </div>
        ) : (
          <div className="grid gap-3 p-4" role="status">
            <DialogTitle className="sr-only">Loading post</DialogTitle>
            <Skeleton className="aspect-[4/3]" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-16" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
