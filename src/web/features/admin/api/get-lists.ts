import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminVerificationRequest, AuditPage, CaseFilter, CasesPage } from '../../../../domain/admin';
import type { VerificationStatus } from '../../../../domain/moderation-values';
import { apiRequest } from '../../../lib/api';
import { adminKeys, queryString, type AuditFilters } from './admin-keys';

/** Cases a page of the reports tab holds. */
export const CASES_PAGE = 10;
/** Lines a page of the audit log holds. */
export const AUDIT_PAGE = 20;

/** GET /api/admin/report-cases: one case per post, oldest pending first, a page at a time. */
export const casesOptions = (status: CaseFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.cases(status),
    queryFn: ({ pageParam }) => apiRequest<CasesPage>('GET', `/api/admin/report-cases?${queryString({ status, limit: CASES_PAGE, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useCases = (status: CaseFilter) => useInfiniteQuery(casesOptions(status));

/** GET /api/admin/verification-requests (spec §7): pending ones first, oldest first. */
export const verificationsOptions = (status: VerificationStatus | 'all') =>
  queryOptions({
    queryKey: adminKeys.verifications(status),
    queryFn: () =>
      apiRequest<AdminVerificationRequest[]>('GET', `/api/admin/verification-requests?${queryString({ status: status === 'all' ? undefined : status })}`),
    staleTime: 0,
  });

export const useVerifications = (status: VerificationStatus | 'all') => useQuery(verificationsOptions(status));

/** GET /api/admin/audit-log: newest first, by action or admin, a page at a time. */
export const auditOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam }) => apiRequest<AuditPage>('GET', `/api/admin/audit-log?${queryString({ ...filters, limit: AUDIT_PAGE, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(auditOptions(filters));
