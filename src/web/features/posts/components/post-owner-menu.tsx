import { Suspense, useRef, useState, type ReactElement } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { Post } from '../../../../domain/posts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { lazyNamed } from '../../../lib/lazy';
import { useDeletePost } from '../api/edit-post';

const EditPostDialog = lazyNamed(() => import('./create/create-post-dialog'), 'EditPostDialog');

/**
 * The owner's (or an admin's) menu on a card: 'Edit post' and 'Delete post' (DECISIONS 17); only
 * 'Delete post' for a suspended owner (`canEdit` false, docs/decisions/0124).
 */
export function PostOwnerMenu({ post, canEdit, trigger }: { post: Post; canEdit: boolean; trigger: ReactElement }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [editLoaded, setEditLoaded] = useState(false);
  const onOpenChange = (open: boolean) => !open && setDialog(null);

  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canEdit && (
            <DropdownMenuItem
              onPointerEnter={EditPostDialog.preload}
              onSelect={() => {
                setEditLoaded(true);
                setDialog('edit');
              }}
            >
              <Pencil aria-hidden="true" />
              Edit post
            </DropdownMenuItem>
          )}
          <DropdownMenuItem className="text-destructive" onSelect={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" />
            Delete post
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {editLoaded && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} open={dialog === 'edit'} onOpenChange={onOpenChange} />
        </Suspense>
      )}
      <DeletePostDialog post={post} open={dialog === 'delete'} onOpenChange={onOpenChange} />
    </>
  );
}

interface DeletePostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function DeletePostDialog({ post, open, onOpenChange }: DeletePostDialogProps) {
  const remove = useDeletePost();
  // Deleted, the post's card leaves the list in a deferred render, which may come after the dialog has closed.
  const deleted = useRef(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description="This cannot be undone."
      confirm="Delete"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(post.id, {
          onSuccess: () => {
            deleted.current = true;
            onOpenChange(false);
          },
        })
      }
      openerGoing={() => deleted.current}
    />
  );
}
