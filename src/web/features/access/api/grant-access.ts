import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KINDNESS, OWNER_ACCESS } from '../../../../domain/access';
import { ApiError, apiRequest, isApiError, serverMessage } from '../../../lib/api';
import { sessionChanged } from '../../../lib/session';

/** POST /api/grant-kindness-access (spec §4): 24 hours of free access, no questions asked. */
export const grantKindness = () =>
  apiRequest<{ success: true; message: string; endsAt: string }>('POST', '/api/grant-kindness-access');

/** POST /api/verify-admin (spec §2 dialog 9): the owner password gives unlimited posting. */
export const verifyOwner = (password: string) =>
  apiRequest<{ success: true; message: string }>('POST', '/api/verify-admin', { password });

/**
 * Why kindness was not granted, as spec §8 words it: the server's message (already had it, this
 * network today: both point to the free trial) or 'Please try again later.' under 'Unable to Grant
 * Access'; no answer at all: 'Failed to grant access. Please try again.'.
 */
export function kindnessFailure(error: unknown): { title: string; description?: string } {
  if (!(error instanceof ApiError)) return { title: KINDNESS.networkFailed };
  return { title: KINDNESS.failedTitle, description: serverMessage(error) ?? KINDNESS.failedDefault };
}

/** A wrong owner password: 'Access Denied - Incorrect admin password.'; anything else: 'Failed to verify admin access.'. */
export function ownerFailure(error: unknown): { title: string; description?: string } {
  if (isApiError(error, 401))
    return { title: OWNER_ACCESS.denied, description: serverMessage(error) ?? OWNER_ACCESS.wrong };
  // Too many wrong passwords (429), or owner access not set up (404): the server says which.
  const told = isApiError(error, 429) || isApiError(error, 404) ? serverMessage(error) : undefined;
  return told ? { title: OWNER_ACCESS.denied, description: told } : { title: OWNER_ACCESS.networkFailed };
}

/** A grant was given: the session is asked again (badge, preview, posting) before `onSuccess` callers go on. */
export function useGrantKindness() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: grantKindness, onSuccess: () => sessionChanged(queryClient) });
}

export function useVerifyOwner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyOwner, onSuccess: () => sessionChanged(queryClient) });
}
