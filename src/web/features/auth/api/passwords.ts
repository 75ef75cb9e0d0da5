import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/auth';
import type {
  ChangePasswordInput,
  PasswordChanged,
  PasswordResetInput,
  PasswordResetRequest,
} from '../../../../domain/passwords';
import { apiRequest } from '../../../lib/api';
import { signedIn } from '../../../lib/session';

/** PUT /api/user/password: this browser stays signed in; the answer says how many others were signed out. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<PasswordChanged>('PUT', '/api/user/password', input),
  });

/** POST /api/auth/password-reset: the server's answer is the same whether an account uses the address or not. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest<{ message: string }>('POST', '/api/auth/password-reset', input),
  });

/** POST /api/auth/password-reset/confirm: sets the new password and signs this browser in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiRequest<PublicUser>('POST', '/api/auth/password-reset/confirm', input),
    onSuccess: (user) => signedIn(queryClient, user),
  });
}
