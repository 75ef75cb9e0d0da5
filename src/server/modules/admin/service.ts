import type { Actor } from '../../../domain/actor';
import type { AdminStats, AuditPage, AuditQuery } from '../../../domain/admin';
import { decodeKeyset, keysetPage } from '../../lib/keyset';
import type { ReportsService } from '../reports/service';
import { createAuditRepository, type AuditRow } from './audit-repository';
import { casesPage } from './cases';
import { adminOf, type AdminContext } from './context';
import { decideReport } from './decide-report';
import { lift, suspend, sweepEndedSuspensions } from './suspensions';
import { decideVerification, listVerifications, revokeBadge } from './verification-decisions';


/** How often ended suspensions are looked for: their members' posts come back within this. */
export const SUSPENSION_SWEEP_MS = 60_000;

const toEntry = (r: AuditRow) => ({
  id: r.id,
  at: r.at.toISOString(),
  adminId: r.adminId,
  adminName: r.adminName,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  targetName: r.targetName,
  notes: r.notes,
  changes: (r.changes as AuditPage['items'][number]['changes']) ?? null,
});

/** The admin role given or taken outside a request: by `npm run admin`, and by ADMIN_EMAILS at start-up (docs/decisions/0110). */
export { COMMAND_LINE, promoteListedAdmins, promotionsLine, setAdminRole } from './roles';

/**
 * For an admin's action another area carries out in its own transaction (a comment removed,
 * docs/decisions/0151): the acting admin, and the one way to append their line.
 */
export { adminOf } from './context';
export { appendAudit, type AuditLine } from './audit-repository';

/**
 * The admin's use cases (spec §2 Admin, §7 /api/admin/*, issue 19): each asks the policy first
 * (adminOf), acts through the areas' services, in one transaction with its lines in the audit log.
 */
export function createAdminService(deps: Omit<AdminContext, 'audit'>) {
  const ctx: AdminContext = { ...deps, audit: createAuditRepository(deps.db) };

  return {
    /** GET /api/admin/stats (spec §3 Admin stats). */
    async stats(actor: Actor): Promise<AdminStats> {
      const [reports, verifications] = await Promise.all([ctx.reports.stats(actor), ctx.verifications.stats(actor)]);
      return {
        pendingReports: reports.pending,
        totalReports: reports.total,
        pendingVerifications: verifications.pending,
        totalVerifications: verifications.total,
        pendingCases: reports.pendingCases,
      };
    },

    reports: (actor: Actor, query: Parameters<ReportsService['list']>[1]) => ctx.reports.list(actor, query),
    cases: (actor: Actor, query: Parameters<typeof casesPage>[2]) => casesPage(ctx, actor, query),
    decideReport: (actor: Actor, id: string, input: Parameters<typeof decideReport>[3]) => decideReport(ctx, actor, id, input),
    verifications: (actor: Actor, query: Parameters<typeof listVerifications>[2]) => listVerifications(ctx, actor, query),
    decideVerification: (actor: Actor, id: string, input: Parameters<typeof decideVerification>[3]) => decideVerification(ctx, actor, id, input),
    revokeBadge: (actor: Actor, userId: string, notes: string | null) => revokeBadge(ctx, actor, userId, notes),
    suspend: (actor: Actor, userId: string, input: Parameters<typeof suspend>[3]) => suspend(ctx, actor, userId, input),
    lift: (actor: Actor, userId: string, notes: string | null) => lift(ctx, actor, userId, notes),

    /** GET /api/admin/audit-log: newest first, by action or admin, and who has acted (the filter's choices). */
    async auditLog(actor: Actor, query: AuditQuery): Promise<AuditPage> {
      adminOf(actor);
      const [rows, admins] = await Promise.all([ctx.audit.page(query, decodeKeyset(query.cursor), query.limit + 1), ctx.audit.admins()]);
      const { shown, nextCursor } = keysetPage(rows, query.limit, (r) => [r.key, r.row.id]);
      return { items: shown.map((r) => toEntry(r.row)), nextCursor, admins };
    },

    /** Lists the posts of members whose suspension ended (a job every minute, once across instances: areas.ts). */
    sweepEndedSuspensions: (now?: Date) => sweepEndedSuspensions(ctx, now),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
