import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '../../../../domain/auth';
import { apiRequest } from '../../../lib/api';
import { deviceStore, forgetFirstTouch, registrationExtras } from '../../../lib/first-touch';
import { signedIn } from '../../../lib/session';

export const register = (input: RegisterInput) => apiRequest<PublicUser>('POST', '/api/auth/register', input);

/**
 * Registers and signs in, with the invite code and first touch this device kept (docs/decisions/0082),
 * which it then forgets; the form's success (toast, redirect) waits for the session's new answer.
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => {
      const store = deviceStore();
      return register({ ...(store ? registrationExtras(store) : {}), ...input });
    },
    onSuccess: (user) => {
      const store = deviceStore();
      if (store) forgetFirstTouch(store);
      return signedIn(queryClient, user);
    },
  });
}
