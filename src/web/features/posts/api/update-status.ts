import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostStatus } from '../../../../domain/posts';
import { statusLabel } from '../../../../domain/post-values';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';
import { favoriteKeys } from './favorites';
import { replaceCachedPost } from './update-cache';

export interface UpdateStatusRequest {
  postId: string;
  status: PostStatus;
  statusNotes: string;
}

export const updateStatus = ({ postId, status, statusNotes }: UpdateStatusRequest) =>
  apiRequest<Post>('PATCH', `/api/posts/${encodeURIComponent(postId)}/status`, { status, statusNotes });

/**
 * Spec §8's 'Status Updated', saying the new status as the post's badge shows it
 * ('… is now Limited.'), not its raw value.
 */
export const statusUpdatedToast = (post: Pick<Post, 'title' | 'status'>) => ({
  title: 'Status Updated',
  description: `${post.title} is now ${statusLabel(post.status)}.`,
});

/**
 * Spec §4: the Update Status dialog closes without a call when nothing would change. The notes open
 * filled with the post's own (docs/decisions/0112-unchanged-status-update), so 'empty notes' reads
 * 'the notes as they were': emptied notes are a change, and are sent.
 */
export const isUnchangedStatus = (post: Pick<Post, 'status' | 'statusNotes'>, status: string, notes: string) =>
  status === post.status && notes.trim() === (post.statusNotes ?? '').trim();

/**
 * The notes field once the owner picks `status`: the saved notes describe the saved status ('Only
 * the top branches left' is wrong once it is all gone), so picking another empties them, unless the
 * owner has written their own; going back to the saved status brings them back.
 */
export function notesForStatus(post: Pick<Post, 'status' | 'statusNotes'>, status: string, notes: string): string {
  const saved = post.statusNotes ?? '';
  if (status !== post.status && notes === saved) return '';
  if (status === post.status && notes === '') return saved;
  return notes;
}

/** Spec §2.6: owners and admins change a post's status; every cached copy shows it at once. */
export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStatus,
    // Toasts here rather than in mutate(): the card may leave the list (a status filter) meanwhile.
    onSuccess: (post) => {
      replaceCachedPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
      toast(statusUpdatedToast(post));
    },
    onError: () =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to update status. Please try again.',
      }),
  });
}
