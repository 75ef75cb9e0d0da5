import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage } from '../../../lib/api';
import { profileKeys } from './get-profile';

/** POST (block) or DELETE (unblock) /api/users/:id/block (DECISIONS 21); the profile is asked again. */
export function useBlockMember(userId: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest<void>(block ? 'POST' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/block`),
    onSuccess: (_data, block) => {
      toast(
        block
          ? { title: 'Member blocked', description: `You and ${name} can no longer message or rate each other.` }
          : { title: 'Member unblocked', description: `You unblocked ${name}.` },
      );
      return queryClient.invalidateQueries({ queryKey: profileKeys.profile(userId) });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: refusalMessage(error) ?? 'Failed to update the block. Please try again.',
      }),
  });
}
