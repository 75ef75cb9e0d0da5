import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { setSessionUser } from './get-me';

export const register = (input: RegisterInput) => apiRequest<PublicUser>('POST', '/api/auth/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: (user) => setSessionUser(queryClient, user) });
}
