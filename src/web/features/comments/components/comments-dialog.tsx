import type { ReactElement } from 'react';
import { COMMENT_TEXTS } from '../../../../domain/comments';
import { isPostOwner } from '../../../../domain/policy';
import type { Post } from '../../../../domain/posts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  focusDialogItself,
} from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session-provider';
import { CommentComposer } from './comment-form';
import { CommentList } from './comment-list';

interface CommentsDialogProps {
  post: Pick<Post, 'id' | 'title' | 'userId' | 'viewerOwns'>;
  trigger: ReactElement;
  /** Told when the dialog closes (comments a link opened: the link's parameter goes). */
  onClose?: () => void;
}

/**
 * Spec §2 dialog 3, titled with the post's title: its comments, newest first with their authors by
 * name (DECISIONS 19), loaded only while open; a member's form below them, a guest's invitation to
 * sign in. The list scrolls and the form stays in view.
 */
export function CommentsDialog({ post, trigger, onClose }: CommentsDialogProps) {
  // The owner is not asked to question themself (0148).
  const own = isPostOwner(useSession().actor, post);
  return (
    <Dialog defaultOpen onOpenChange={(open) => !open && onClose?.()}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {/* Focus on the dialog, to read from the top, rather than on the newest author's name. */}
      <DialogContent className="flex flex-col gap-4 sm:max-w-lg" onOpenAutoFocus={focusDialogItself}>
        <DialogHeader>
          <DialogTitle>{post.title}</DialogTitle>
          <DialogDescription>{own ? COMMENT_TEXTS.ownerPrompt : COMMENT_TEXTS.prompt}</DialogDescription>
        </DialogHeader>
        <CommentList postId={post.id} />
        <CommentComposer postId={post.id} placeholder={own ? COMMENT_TEXTS.ownerPlaceholder : COMMENT_TEXTS.placeholder} />
      </DialogContent>
    </Dialog>
  );
}
