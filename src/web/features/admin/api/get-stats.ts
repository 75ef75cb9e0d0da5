import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../domain/admin';
import { apiRequest } from '../../../lib/api';
import { adminKeys } from './admin-keys';

/** GET /api/admin/stats (spec §3 Admin stats): asked again at each visit, and after each decision. */
export const statsOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: () => apiRequest<AdminStats>('GET', '/api/admin/stats'),
    enabled,
    staleTime: 0,
  });

export const useAdminStats = (enabled = true) => useQuery(statsOptions(enabled));

/** What waits for an admin (the header's count): the cases (posts with open reports) and the pending verification requests. */
export function useAdminPending(isAdmin: boolean): number {
  const stats = useAdminStats(isAdmin).data;
  return stats ? stats.pendingCases + stats.pendingVerifications : 0;
}
