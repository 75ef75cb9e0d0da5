/**
 * Moderation's rules and texts without zod (issue 19, docs/decisions/0084): the weights of reports
 * and when they hide a post, the admin screen's words (spec §2 Admin, §8), statuses and audit
 * actions. The server and the admin screen both read these; admin.ts adds the schemas.
 */

/** Report statuses (spec §4): pending goes to resolved or dismissed; 'reviewed' is shown as a badge too. */
export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What an admin decides about a report (spec §7 PATCH /api/admin/reports/:id). */
export const REPORT_DECISIONS = ['resolved', 'dismissed'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
/** What a decision does to the post (issue 19): keep it listed, remove it, or restore a removed one. */
export const CASE_ACTIONS = ['keep', 'remove', 'restore'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

/** Verification statuses (spec §4): pending goes to approved or rejected. */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_DECISIONS = ['approved', 'rejected'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** The numbers of weighted reports (issue 19). */
export const REPORT_WEIGHTS = {
  /** A report from a member in good standing. */
  base: 1,
  /** From an account younger than `newAccountDays`. */
  newAccount: 0.25,
  newAccountDays: 7,
  /** The reporter's record counts only from this many decided reports… */
  recordFrom: 5,
  /** …among their most recent this many. */
  recordOf: 20,
  /** A post is hidden by reports when their weight reaches this… */
  hideAtWeight: 3,
  /** …and at least this many distinct members reported it. */
  hideAtMembers: 3,
  /** A possible brigade takes at least this many new accounts reporting the post (as many as could hide it). */
  brigadeAtNewMembers: 3,
  /** Reports a member may file in a day. */
  perDay: 10,
} as const;

/** What a report's weight is made of, looked up when it is filed. */
export interface ReporterStanding {
  /** Signed in: a guest's report carries no weight (docs/decisions/0084). */
  member: boolean;
  /** How old the reporter's account is, in milliseconds. */
  accountAgeMs: number;
  /** Of their recent decided reports: how many were upheld (resolved) and how many dismissed. */
  upheld: number;
  dismissed: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
export const isNewAccount = (accountAgeMs: number) => accountAgeMs < REPORT_WEIGHTS.newAccountDays * 24 * 60 * 60 * 1000;

/**
 * The weight of a report (issue 19): 1, or 0.25 from an account younger than 7 days; times
 * 0.5 + the share of the reporter's recent decided reports that were upheld, once they have 5
 * (all dismissed: half, all upheld: one and a half, as many of each: unchanged). 0 for a guest.
 */
export function reportWeight(s: ReporterStanding): number {
  if (!s.member) return 0;
  const base = isNewAccount(s.accountAgeMs) ? REPORT_WEIGHTS.newAccount : REPORT_WEIGHTS.base;
  const decided = s.upheld + s.dismissed;
  const record = decided >= REPORT_WEIGHTS.recordFrom ? 0.5 + s.upheld / decided : 1;
  return round2(base * record);
}

/** An open report as a case counts it. */
export interface CountedReport {
  reporterId: string | null;
  weight: number;
  /** The reporter's account was younger than 7 days when they reported. */
  fromNewAccount: boolean;
}

/** Where a post's open reports stand. */
export interface CaseStanding {
  weight: number;
  /** Distinct members among the reporters. */
  members: number;
  /**
   * Several accounts younger than 7 days (3 or more) reported it, and half the weight or more is
   * theirs: it never hides the post by itself. One new member's report is one report, not a brigade.
   */
  possibleBrigade: boolean;
}

const membersOf = (reports: readonly CountedReport[]) => new Set(reports.flatMap((r) => (r.reporterId ? [r.reporterId] : []))).size;

export function caseStanding(open: readonly CountedReport[]): CaseStanding {
  const weight = round2(open.reduce((sum, r) => sum + r.weight, 0));
  const fromNewAccounts = open.filter((r) => r.fromNewAccount);
  const fromNew = fromNewAccounts.reduce((sum, r) => sum + r.weight, 0);
  const members = membersOf(open);
  const together = membersOf(fromNewAccounts) >= REPORT_WEIGHTS.brigadeAtNewMembers;
  return { weight, members, possibleBrigade: together && weight > 0 && fromNew * 2 >= weight };
}

const reachesThreshold = (s: CaseStanding) => s.weight >= REPORT_WEIGHTS.hideAtWeight - 1e-9 && s.members >= REPORT_WEIGHTS.hideAtMembers;

/**
 * Open reports hide a post (issue 19) when their weight reaches 3 from at least 3 members. A
 * possible brigade never hides it by itself: then only the reports of established accounts
 * (7 days or older) count, and must reach the threshold alone. An admin's post is never hidden.
 * Reports an admin already decided are not open: a post an admin kept is not hidden again by them.
 */
export function hidesPost(open: readonly CountedReport[], ownerIsAdmin: boolean): boolean {
  if (ownerIsAdmin) return false;
  const all = caseStanding(open);
  if (!all.possibleBrigade && reachesThreshold(all)) return true;
  return reachesThreshold(caseStanding(open.filter((r) => !r.fromNewAccount)));
}

/** Everything an admin does that the audit log keeps (issue 19). */
export const AUDIT_ACTIONS = [
  'report_decided',
  'post_removed',
  'post_restored',
  'comment_removed',
  'verification_approved',
  'verification_rejected',
  'verification_revoked',
  'verification_lapsed',
  'suspension_set',
  'suspension_lifted',
  'admin_granted',
  'admin_revoked',
  'password_set',
  'email_set',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  report_decided: 'Report decided',
  post_removed: 'Post removed',
  post_restored: 'Post restored',
  comment_removed: 'Comment removed',
  verification_approved: 'Verification approved',
  verification_rejected: 'Verification rejected',
  verification_revoked: 'Badge revoked',
  verification_lapsed: 'Badge lapsed on rename',
  suspension_set: 'Member suspended',
  suspension_lifted: 'Suspension lifted',
  admin_granted: 'Admin granted',
  admin_revoked: 'Admin revoked',
  password_set: 'Password set by the owner',
  email_set: 'Email set by the owner',
};

/** The texts of spec §2 Admin and §8 for the admin screen, and ours around them. */
export const ADMIN_TEXTS = {
  title: 'Admin Dashboard',
  backHome: 'Back to Home',
  reportsTab: 'Post Reports',
  verificationsTab: 'Verifications',
  auditTab: 'Audit log',
  stats: {
    pendingReports: 'Pending Reports',
    totalReports: 'Total Reports',
    pendingVerifications: 'Pending Verifications',
    totalVerifications: 'Total Verifications',
  },
  resolve: 'Resolve',
  dismiss: 'Dismiss',
  approve: 'Approve',
  reject: 'Reject',
  /** Under a verification request's buttons while its notes are empty (docs/decisions/0146). */
  rejectNeedsNotes: 'Reject waits for your notes: the member is told why, and what to fix.',
  notesLabel: 'Review notes',
  /** Under Suspend while the reason is empty (docs/decisions/0148). */
  suspendNeedsReason: 'Suspend waits for a reason: the member is told it.',
  /** A lift's notes go to the audit log only: the member is told their suspension was lifted (0146). */
  liftNotesLabel: 'Notes for the audit log (optional)',
  reportUpdated: 'Report updated successfully',
  reportFailed: 'Failed to update report',
  verificationUpdated: 'Verification request updated successfully',
  verificationFailed: 'Failed to update verification request',
  possibleBrigade: 'possible brigade',
  anonymous: 'anonymous',
  closedAccount: 'a member who has closed their account',
  adminsOnlyTitle: 'Admins only',
  adminsOnlyText: 'This page is for the site’s admins (reports, verification requests, marketing). Your account is not an admin.',
} as const;

/** Ids on the admin screen are shown by their first 8 characters (spec §2 Admin). */
export const shortId = (id: string) => id.slice(0, 8);

/** How a status badge looks: an unknown status falls back to the pending style (spec §4). */
export type StatusTone = 'pending' | 'good' | 'bad' | 'neutral';
const TONES: Record<string, StatusTone> = {
  pending: 'pending',
  reviewed: 'neutral',
  resolved: 'good',
  approved: 'good',
  dismissed: 'neutral',
  rejected: 'bad',
};
export const statusTone = (status: string): StatusTone => TONES[status] ?? 'pending';
/** A status badge's word: 'Pending', 'Resolved'; an unknown one as it came, capitalised. */
export const statusLabel = (status: string): string => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Pending');

