import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { signedIn } from '../../../lib/session';

export const login = (input: LoginInput) => apiRequest<PublicUser>('POST', '/api/auth/login', input);

/** Signs in; the form's success (toast, redirect) waits for the session's new answer. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => signedIn(queryClient, user) });
}
