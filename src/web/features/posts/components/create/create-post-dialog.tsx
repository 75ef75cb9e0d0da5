import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { CREATE_TITLES } from '../../../../../domain/post-values';
import type { Post, PostFields, PostType } from '../../../../../domain/posts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { toast } from '../../../../components/ui/use-toast';
import { serverMessage } from '../../../../lib/api';
import { useCreatePost } from '../../api/create-post';
import { useUpdatePost } from '../../api/edit-post';
import { PostForm } from './post-form';

interface CreatePostDialogProps {
  type: PostType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new post's id once it is saved. */
  onCreated?: (id: string) => void;
}

/** Spec §2 dialog 10: 'Add New Fruit Post' (…Firewood, …Skids) with the post form. */
export function CreatePostDialog({ type, open, onOpenChange, onCreated }: CreatePostDialogProps) {
  const create = useCreatePost();
  const close = () => onOpenChange(false);

  const submit = (fields: PostFields, image: File | null) =>
    create.mutate(
      { type, fields, image },
      {
        onSuccess: (post) => {
          toast({ title: 'Success!', description: 'Your post is live. Thank you for sharing!' });
          close();
          onCreated?.(post.id);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to create post. Please try again.',
            description: serverMessage(error),
          }),
      },
    );

  return (
    <PostFormDialog
      title={CREATE_TITLES[type]}
      open={open}
      onOpenChange={onOpenChange}
      pending={create.isPending}
    >
      {(guard) => <PostForm key={type} type={type} pending={create.isPending} onSubmit={submit} {...guard} />}
    </PostFormDialog>
  );
}

interface EditPostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The same dialog and form in edit mode (DECISIONS 17): prefilled, 'Save changes', sent as PATCH. */
export function EditPostDialog({ post, open, onOpenChange }: EditPostDialogProps) {
  const update = useUpdatePost();
  const close = () => onOpenChange(false);

  const submit = (fields: PostFields, image: File | null, removeImage: boolean) =>
    update.mutate({ postId: post.id, type: post.type, fields, image, removeImage }, { onSuccess: close });

  return (
    <PostFormDialog title="Edit Post" open={open} onOpenChange={onOpenChange} pending={update.isPending}>
      {/* A fresh form on each opening, filled from the post as it is now. */}
      {(guard) => open && <PostForm type={post.type} post={post} pending={update.isPending} onSubmit={submit} {...guard} />}
    </PostFormDialog>
  );
}

/** What the dialog gives its form: Cancel, and word of whether anything was entered. */
interface CloseGuard {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

interface PostFormDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  children: (guard: CloseGuard) => ReactNode;
}

/**
 * The dialog around the post form. A click outside never closes it; Escape, the close button and
 * Cancel close it at once while nothing was entered, and otherwise first ask whether to discard
 * what was (a second Escape keeps editing).
 */
function PostFormDialog({ title, open, onOpenChange, pending, children }: PostFormDialogProps) {
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const discard = () => {
    setConfirming(false);
    setDirty(false);
    onOpenChange(false);
  };
  const requestClose = () => {
    if (pending) return;
    if (confirming) setConfirming(false);
    else if (dirty) setConfirming(true);
    else discard();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Free to share. Fields marked optional can stay empty.</DialogDescription>
        </DialogHeader>
        {confirming && (
          <div role="alert" className="sticky -top-5 z-20 grid gap-3 rounded-xl border border-destructive/40 bg-card p-4 shadow-lg sm:-top-6">
            <div>
              <p className="font-semibold">Discard this post?</p>
              <p className="text-sm text-muted-foreground">What you entered will be lost.</p>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" autoFocus onClick={() => setConfirming(false)}>
                Keep editing
              </Button>
              <Button className="bg-destructive text-destructive-foreground hover:bg-destructive/90" onClick={discard}>
                Discard
              </Button>
            </div>
          </div>
        )}
        {children({ onCancel: requestClose, onDirtyChange: setDirty })}
      </DialogContent>
    </Dialog>
  );
}
