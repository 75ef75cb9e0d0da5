import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/auth';
import { apiRequest, isApiError } from '../../../lib/api';

export const meQueryKey = ['/api/auth/me'] as const;

/** The signed-in user, or null for a guest. Other failures are only logged (spec §8). */
export async function getMe(): Promise<PublicUser | null> {
  try {
    return await apiRequest<PublicUser>('GET', meQueryKey[0]);
  } catch (error) {
    if (!isApiError(error, 401)) console.error('Could not check the current user', error);
    return null;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** Puts the session's user in the cache and refreshes everything else, which may depend on it. */
export function setSessionUser(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.setQueryData(meQueryKey, user);
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}
