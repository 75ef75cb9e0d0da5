import { MessageCircle } from 'lucide-react';
import { commentsLabel } from '../../../../domain/community-values';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';

const CommentsDialog = lazyNamed(() => import('./comments-dialog'), 'CommentsDialog');

/** Comments opened at once, by a 'New Comment' notification's link, and what their closing does. */
export interface OpenedComments {
  onClose: () => void;
}

interface CommentsButtonProps {
  post: Pick<Post, 'id' | 'title' | 'commentCount' | 'userId' | 'viewerOwns'>;
  opened?: OpenedComments;
}

/** The card's comments button (spec §2 Post card): its count, and the dialog, loaded on first use. */
export function CommentsButton({ post, opened }: CommentsButtonProps) {
  return (
    <DeferredOpen
      initiallyOpen={Boolean(opened)}
      trigger={
        <Button variant="ghost" size="sm" className="min-w-0 flex-1 shrink justify-start px-2 text-muted-foreground">
          <MessageCircle aria-hidden="true" />
          <span className="truncate">{commentsLabel(post.commentCount)}</span>
          <span className="sr-only"> on {post.title}</span>
        </Button>
      }
      preload={CommentsDialog.preload}
      render={(trigger) => <CommentsDialog post={post} trigger={trigger} onClose={opened?.onClose} />}
    />
  );
}
