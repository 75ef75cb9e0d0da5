import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { COMMENT_MESSAGES, type Comment } from '../../../../domain/comments';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage } from '../../../lib/api';
import { refreshCards } from '../../posts';
import { commentKeys } from './get-comments';

/** A comment came or went: the post's comments and every card showing its count are asked again. */
function commentsChanged(queryClient: QueryClient, postId: string): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: commentKeys.list(postId) }), refreshCards(queryClient)]);
}

/** POST /api/posts/:id/comments with the trimmed text (spec §5), and the toasts of spec §8. */
export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<Comment>('POST', `/api/posts/${encodeURIComponent(postId)}/comments`, { content }),
    onSuccess: () => {
      toast({ title: COMMENT_MESSAGES.postedTitle, description: COMMENT_MESSAGES.postedText });
      return commentsChanged(queryClient, postId);
    },
    // Past the limit (429) the server says how long to wait (DECISIONS 21).
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: COMMENT_MESSAGES.failedTitle,
        description: refusalMessage(error) ?? COMMENT_MESSAGES.failedText,
      }),
  });
}

/** DELETE /api/comments/:id, for its author or an admin. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => apiRequest<void>('DELETE', `/api/comments/${encodeURIComponent(commentId)}`),
    // Not awaited: the confirmation closes first, then the comment leaves the list.
    onSuccess: () => {
      toast({ title: 'Comment deleted' });
      void commentsChanged(queryClient, postId);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: refusalMessage(error) ?? 'Failed to delete comment. Please try again.',
      }),
  });
}
