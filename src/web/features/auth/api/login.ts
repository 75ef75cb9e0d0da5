import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { setSessionUser } from './get-me';

export const login = (input: LoginInput) => apiRequest<PublicUser>('POST', '/api/auth/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => setSessionUser(queryClient, user) });
}
