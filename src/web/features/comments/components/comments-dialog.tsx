import type { ReactElement } from 'react';
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
import { CommentComposer } from './comment-form';
import { CommentList } from './comment-list';

interface CommentsDialogProps {
  post: Pick<Post, 'id' | 'title'>;
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
  return (
    <Dialog defaultOpen onOpenChange={(open) => !open && onClose?.()}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {/* Focus on the dialog, to read from the top, rather than on the newest author's name. */}
      <DialogContent className="flex flex-col gap-4 sm:max-w-lg" onOpenAutoFocus={focusDialogItself}>
        <DialogHeader>
          <DialogTitle>{post.title}</DialogTitle>
          <DialogDescription>Ask the neighbour sharing it a question, or say thanks.</DialogDescription>
        </DialogHeader>
        <CommentList postId={post.id} />
        <CommentComposer postId={post.id} />
      </DialogContent>
    </Dialog>
  );
}
