import { z } from 'zod';
import { VerifiedType } from './auth';
import {
  AUDIT_ACTIONS,
  CASE_ACTIONS,
  REPORT_DECISIONS,
  REPORT_STATUSES,
  VERIFICATION_DECISIONS,
  VERIFICATION_STATUSES,
} from './moderation-values';
import { PostType } from './posts';
import { REPORT_REASONS } from './reports';
import { SUSPENSION_ENDS } from './suspension';
import { text } from './text';
import { VerificationRequest } from './verification';
import { uuidField } from './id-schemas';

export * from './moderation-values';

/** GET /api/admin/stats (spec §3 Admin stats), and the cases behind the pending reports (the header's count). */
export const AdminStats = z.object({
  pendingReports: z.number().int(),
  totalReports: z.number().int(),
  pendingVerifications: z.number().int(),
  totalVerifications: z.number().int(),
  /** Posts with pending reports: one case each. */
  pendingCases: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** A report as spec §3 has it: `reporterId` null is anonymous. */
export const AdminReport = z.object({
  id: z.string(),
  postId: z.string(),
  reporterId: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reviewNotes: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReport = z.infer<typeof AdminReport>;

const limit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max, `limit must be at most ${max}`).default(fallback);

export const AdminReportsQuery = z.object({ status: z.enum(REPORT_STATUSES).optional(), limit: limit(100, 500) });

/**
 * A report inside its case: who reported (by name; a guest anonymously; a member who has closed
 * their account since, without a name but with the weight the report was filed with) and how much it weighed.
 */
export const CaseReport = AdminReport.extend({
  reporterName: z.string().nullable(),
  reporterClosed: z.boolean(),
  weight: z.number(),
  fromNewAccount: z.boolean(),
  reviewedAt: z.string().nullable(),
});
export type CaseReport = z.infer<typeof CaseReport>;

/** Where a post stands: in lists, hidden by reports until reviewed, removed by an admin. */
export const POST_STATES = ['listed', 'hidden', 'removed'] as const;
export type PostState = (typeof POST_STATES)[number];

export const CasePost = z.object({
  id: z.string(),
  type: PostType,
  title: z.string(),
  description: z.string(),
  address: z.string(),
  thumbnailUrl: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(POST_STATES),
  /** Its owner is suspended: it is out of lists whatever its state. */
  ownerSuspended: z.boolean(),
});
export type CasePost = z.infer<typeof CasePost>;

export const SuspensionView = z.object({ until: z.string().nullable(), reason: z.string() });
export type SuspensionView = z.infer<typeof SuspensionView>;

export const CaseOwner = z.object({
  id: z.string(),
  username: z.string(),
  memberSince: z.string(),
  isAdmin: z.boolean(),
  suspension: SuspensionView.nullable(),
  /** Their posts removed by admins, newest first (the log's record: deleted posts included). */
  removedPosts: z.number().int(),
  recentRemovals: z.array(z.object({ postId: z.string(), title: z.string(), at: z.string(), notes: z.string().nullable() })),
});
export type CaseOwner = z.infer<typeof CaseOwner>;

/** One case per post (issue 19): the post, its owner, its reports, and where its open reports stand. */
export const ReportCase = z.object({
  postId: z.string(),
  post: CasePost,
  owner: CaseOwner.nullable(),
  reports: z.array(CaseReport),
  pending: z.boolean(),
  weight: z.number(),
  members: z.number().int(),
  possibleBrigade: z.boolean(),
});
export type ReportCase = z.infer<typeof ReportCase>;

export const CASE_FILTERS = ['pending', 'resolved', 'dismissed', 'all'] as const;
export type CaseFilter = (typeof CASE_FILTERS)[number];
export const CasesQuery = z.object({
  status: z.enum(CASE_FILTERS).default('pending'),
  cursor: text().max(200).optional(),
  limit: limit(10, 50),
});
export type CasesQuery = z.infer<typeof CasesQuery>;
export const CasesPage = z.object({ items: z.array(ReportCase), nextCursor: z.string().nullable() });
export type CasesPage = z.infer<typeof CasesPage>;

const reviewNotes = text()
  .trim()
  .max(1000, 'Maximum 1000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** PATCH /api/admin/reports/:id (spec §7): status and notes, and what happens to the post (issue 19). */
export const DecideReportInput = z.object({
  status: z.enum(REPORT_DECISIONS, { error: 'Status must be resolved or dismissed' }),
  reviewNotes,
  action: z.enum(CASE_ACTIONS, { error: 'Action must be keep, remove or restore' }).optional(),
});
export type DecideReportInput = z.infer<typeof DecideReportInput>;

export const AdminVerificationsQuery = z.object({ status: z.enum(VERIFICATION_STATUSES).optional(), limit: limit(100, 500) });

/** A request as the admin sees it: the member's name and the badge they hold now. */
export const AdminVerificationRequest = VerificationRequest.extend({
  username: z.string(),
  currentBadge: VerifiedType.nullable(),
});
export type AdminVerificationRequest = z.infer<typeof AdminVerificationRequest>;

/** A refusal says why: the member is told the notes, and asks again knowing what to fix (docs/decisions/0146). */
export const REJECTION_NEEDS_NOTES = 'Please say why in the notes: the member is told them.';

/** PATCH /api/admin/verification-requests/:id (spec §7); a rejection needs its notes. */
export const DecideVerificationInput = z
  .object({
    status: z.enum(VERIFICATION_DECISIONS, { error: 'Status must be approved or rejected' }),
    reviewNotes,
  })
  .refine((input) => input.status !== 'rejected' || input.reviewNotes !== null, { message: REJECTION_NEEDS_NOTES, path: ['reviewNotes'] });
export type DecideVerificationInput = z.infer<typeof DecideVerificationInput>;

/** DELETE /api/admin/users/:id/verification: why the badge is taken back (the body may be absent). */
export const RevokeBadgeInput = z.preprocess((body) => body ?? {}, z.object({ reviewNotes }));

/** POST /api/admin/users/:id/suspend. */
export const SuspendInput = z.object({
  reason: text('Please give a reason for the suspension').trim().min(1, 'Please give a reason for the suspension').max(500, 'Maximum 500 characters'),
  end: z.enum(SUSPENSION_ENDS, { error: 'End must be 7d, 30d or none' }),
});
export type SuspendInput = z.infer<typeof SuspendInput>;

/** DELETE /api/admin/users/:id/suspend: the admin's notes for the log, why it is lifted (the body may be absent). */
export const LiftSuspensionInput = z.preprocess((body) => body ?? {}, z.object({ reviewNotes }));

export const MemberSuspension = z.object({ userId: z.string(), suspension: SuspensionView.nullable() });

/** What an audit entry says changed. */
const Snapshot = z.record(z.string(), z.unknown()).nullable();

/** One line of the audit log (issue 19): who did what to whom, when, why and what changed. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  adminId: z.string().nullable(),
  adminName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  notes: z.string().nullable(),
  changes: z.object({ before: Snapshot, after: Snapshot }).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  adminId: uuidField('adminId must be a member id').optional(),
  cursor: text().max(200).optional(),
  limit: limit(20, 100),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
  /** Everyone who has acted, for the filter. */
  admins: z.array(z.object({ id: z.string().nullable(), name: z.string() })),
});
export type AuditPage = z.infer<typeof AuditPage>;
