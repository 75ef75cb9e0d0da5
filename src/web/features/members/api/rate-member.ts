import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RATING_MESSAGES, type UserRating } from '../../../../domain/members';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage } from '../../../lib/api';
import { refreshCards } from '../../posts';
import { profileKeys } from './get-profile';
import { ratingKeys } from './get-ratings';

export interface RateRequest {
  rating: number;
  comment: string;
}

/**
 * POST /api/user-ratings (spec §7; DECISIONS 20: rating again updates it). The profile, its
 * reviews and every card of the member's posts (their average) are asked again.
 */
export function useRateMember(ratedUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, comment }: RateRequest) =>
      apiRequest<UserRating>('POST', '/api/user-ratings', { ratedUserId, rating, comment }),
    onSuccess: () => {
      toast({ title: RATING_MESSAGES.submittedTitle, description: RATING_MESSAGES.submittedText });
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile(ratedUserId) });
      void queryClient.invalidateQueries({ queryKey: ratingKeys.list(ratedUserId) });
      void refreshCards(queryClient);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: RATING_MESSAGES.failedTitle,
        description: refusalMessage(error) ?? RATING_MESSAGES.failedText,
      }),
  });
}
