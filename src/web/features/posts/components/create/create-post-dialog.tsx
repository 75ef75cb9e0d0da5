import { CREATE_TITLES } from '../../../../../domain/post-values';
import type { PostType } from '../../../../../domain/posts';
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

  const submit = (fields: Parameters<typeof create.mutate>[0]['fields'], image: File | null) =>
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
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{CREATE_TITLES[type]}</DialogTitle>
          <DialogDescription>Free to share. Fields marked optional can stay empty.</DialogDescription>
        </DialogHeader>
        <PostForm key={type} type={type} pending={create.isPending} onSubmit={submit} onCancel={close} />
      </DialogContent>
    </Dialog>
  );
}
