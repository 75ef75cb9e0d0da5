import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '../../../../domain/members';
import { apiRequest } from '../../../lib/api';

/** The keys of GET /api/users/:id: a member's public profile and what the viewer may do about them. */
export const profileKeys = {
  all: ['/api/users/:id'] as const,
  profile: (userId: string) => [...profileKeys.all, userId] as const,
};

export const profileOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: () => apiRequest<PublicProfile>('GET', `/api/users/${encodeURIComponent(userId)}`),
    // Asked again at each opening: what others wrote or did since it was last open (kept meanwhile).
    staleTime: 0,
  });

/** Spec §2 dialog 4: asked only while the profile is open (its component is mounted). */
export function useProfile(userId: string) {
  return useQuery(profileOptions(userId));
}
