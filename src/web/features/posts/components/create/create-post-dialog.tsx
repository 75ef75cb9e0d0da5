import { CREATE_TITLES } from '../../../../../domain/post-values';
import type { Post, PostFields, PostType } from '../../../../../domain/posts';
import { toast } from '../../../../components/ui/use-toast';
import { serverMessage } from '../../../../lib/api';
import { useCreatePost } from '../../api/create-post';
import { useUpdatePost } from '../../api/edit-post';
import { PostForm } from './post-form';
import { PostFormDialog, useCloseGuard } from './post-form-dialog';

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
  const guard = useCloseGuard(open, onOpenChange, create.isPending);

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
    <PostFormDialog title={CREATE_TITLES[type]} open={open} onOpenChange={onOpenChange} guard={guard}>
      <PostForm key={type} type={type} pending={create.isPending} onSubmit={submit} {...guard.form} />
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
  const guard = useCloseGuard(open, onOpenChange, update.isPending);

  const submit = (fields: PostFields, image: File | null, removeImage: boolean) =>
    update.mutate({ postId: post.id, type: post.type, fields, image, removeImage }, { onSuccess: close });

  return (
    <PostFormDialog title="Edit Post" open={open} onOpenChange={onOpenChange} guard={guard} editing>
      {/* A fresh form on each opening, filled from the post as it is now. */}
      {open && <PostForm type={post.type} post={post} pending={update.isPending} onSubmit={submit} {...guard.form} />}
    </PostFormDialog>
  );
}
