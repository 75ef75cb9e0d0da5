import type { AuditAction } from '../../../../domain/moderation-values';

/** The audit log's filters (GET /api/admin/audit-log). */
export interface AuditFilters {
  action?: AuditAction;
  adminId?: string;
}

/**
 * The keys of /api/admin/* (issue 19): one factory, beside the queryOptions that use them. Every
 * admin decision refreshes them all (the stats, the cases, the requests and the log move together).
 */
export const adminKeys = {
  all: ['/api/admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  cases: (status: string) => [...adminKeys.all, 'report-cases', status] as const,
  verifications: (status: string) => [...adminKeys.all, 'verification-requests', status] as const,
  audit: (filters: AuditFilters) => [...adminKeys.all, 'audit-log', filters] as const,
};

/** A query string of the defined values. */
export const queryString = (values: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]]))).toString();
