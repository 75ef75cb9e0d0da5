import { useMutation, useQueryClient } from '@tanstack/react-query';
import { titled } from '../../../../domain/payment-values';
import { REFERRAL_MESSAGES } from '../../../../domain/referral-values';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';
import { referralKeys } from './referral-keys';

/** POST /api/referrals/invite (spec §7): the server mails the member's own link. */
export const sendInvite = (email: string) =>
  apiRequest<{ message: string }>('POST', '/api/referrals/invite', { email });

const FAILED = titled(REFERRAL_MESSAGES.inviteFailed);

/**
 * The invitation's outcome (spec §8): 'Invitation sent!' - 'Your friend has been invited to join'
 * the product; a refusal ('Error') with the server's reason (invited recently, too many today, your
 * own address) or 'Failed to send invitation. Please try again.'.
 */
export function useSendInvite(userId: string | null, productName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvite,
    onSuccess: () => {
      toast({
        title: REFERRAL_MESSAGES.inviteSent,
        description: `${REFERRAL_MESSAGES.inviteSentText} ${productName}.`,
      });
      void queryClient.invalidateQueries({ queryKey: referralKeys.member(userId) });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: FAILED.title,
        description: serverMessage(error) ?? FAILED.description,
      }),
  });
}
