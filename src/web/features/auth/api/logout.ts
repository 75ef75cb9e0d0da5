import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { setSessionUser } from './get-me';

export const logout = () => apiRequest<void>('POST', '/api/auth/logout');

/** Logout always clears the user, even when the call fails; a failure is only logged (spec §4, §8). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error('Logout failed', error),
    onSettled: () => setSessionUser(queryClient, null),
  });
}
