import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VERIFICATION_TEXTS, type VerificationRequest, type VerificationRequestInput } from '../../../../domain/verification';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage, serverMessage } from '../../../lib/api';

/** The keys of GET /api/verification-requests: the member's own requests (DECISIONS 16). */
export const verificationKeys = {
  all: ['/api/verification-requests'] as const,
  mine: (userId: string) => [...verificationKeys.all, userId] as const,
};

export const myRequestsOptions = (userId: string) =>
  queryOptions({
    queryKey: verificationKeys.mine(userId),
    queryFn: () => apiRequest<VerificationRequest[]>('GET', '/api/verification-requests'),
    // Asked again at each opening of the profile: an admin may have decided meanwhile.
    staleTime: 0,
  });

export const useMyVerificationRequests = (userId: string) => useQuery(myRequestsOptions(userId));

/** POST /api/verification-requests: one pending at a time (409 says so). */
export function useRequestVerification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationRequestInput) => apiRequest<VerificationRequest>('POST', '/api/verification-requests', input),
    onSuccess: () => {
      toast({ title: VERIFICATION_TEXTS.requested, description: VERIFICATION_TEXTS.requestedText });
      return queryClient.invalidateQueries({ queryKey: verificationKeys.mine(userId) });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: refusalMessage(error) ?? serverMessage(error) ?? VERIFICATION_TEXTS.requestFailed }),
  });
}
