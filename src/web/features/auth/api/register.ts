import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { signedIn } from '../../../lib/session';

export const register = (input: RegisterInput) => apiRequest<PublicUser>('POST', '/api/auth/register', input);

/** Registers and signs in; the form's success (toast, redirect) waits for the session's new answer. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: (user) => signedIn(queryClient, user) });
}
