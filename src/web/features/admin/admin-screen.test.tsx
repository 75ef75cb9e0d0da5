import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminStats, AdminVerificationRequest, AuditEntry, ReportCase } from '../../../domain/admin';
import { ApiError } from '../../lib/api';
import { AdminsOnly } from '../../components/layout/admins-only';
import { decisionToast } from './api/decisions';
import { adminKeys } from './api/admin-keys';
import { AdminDashboard } from './components/admin-dashboard';
import { ADMIN_TEXTS } from '../../../domain/moderation-values';
import { AuditLine, changeLines } from './components/audit-tab';
import { whenText } from '../../lib/when-text';
import { CaseCard } from './components/case-card';
import { StatusBadge } from './components/status-badge';
import { VerificationCard } from './components/verifications-tab';

/** The words of /admin (spec §2 Admin, §4, §8; issue 19), rendered as the browser gets them. */

const STATS: AdminStats = { pendingReports: 3, totalReports: 7, pendingVerifications: 1, totalVerifications: 4, pendingCases: 1 };

const report = (id: string, status: 'pending' | 'resolved', extra: Partial<ReportCase['reports'][number]> = {}): ReportCase['reports'][number] => ({
  id,
  postId: 'post-1',
  reporterId: `member-${id}`,
  reporterName: `Reporter ${id.slice(0, 2)}`,
  reason: 'scam',
  description: null,
  status,
  reviewNotes: null,
  createdAt: new Date().toISOString(),
  reviewedAt: null,
  reporterClosed: false,
  weight: 0.25,
  fromNewAccount: true,
  ...extra,
});

const CASE: ReportCase = {
  postId: 'post-1',
  post: {
    id: 'post-1',
    type: 'firewood',
    title: 'Cheap firewood',
    description: 'Send a deposit first.',
    address: 'Queen St W, Toronto',
    thumbnailUrl: null,
    ownerName: 'Seller',
    createdAt: new Date().toISOString(),
    state: 'listed',
    ownerSuspended: false,
  },
  owner: { id: 'u-seller', username: 'Seller', memberSince: '2026-01-02T00:00:00Z', isAdmin: false, suspension: null, removedPosts: 0, recentRemovals: [] },
  reports: [report('1a2b3c4d5e6f', 'pending'), report('2b3c4d5e6f7a', 'pending'), report('3c4d5e6f7a8b', 'pending', { reporterId: null, reporterName: null, weight: 0 })],
  pending: true,
  weight: 0.5,
  members: 2,
  possibleBrigade: true,
};

const REQUEST: AdminVerificationRequest = {
  id: 'abcdef0123456789',
  userId: 'u-arb',
  username: 'Arbor',
  businessName: 'High Branch Tree Care',
  verifiedType: 'arborist',
  businessPhone: '416-555-0142',
  businessWebsite: null,
  status: 'pending',
  reviewNotes: null,
  createdAt: new Date().toISOString(),
  reviewedAt: null,
  currentBadge: null,
};

function render(node: ReactNode, seed?: (client: QueryClient) => void, path = '/admin'): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  // The words as read: tags out, entities decoded.
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
const markup = (node: ReactNode) => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}><MemoryRouter>{node}</MemoryRouter></QueryClientProvider>);

describe('/admin', () => {
  it("shows 'Back to Home', the four stat cards and the tabs 'Post Reports', 'Verifications' and 'Audit log'", () => {
    const text = render(<AdminDashboard />, (client) => {
      client.setQueryData(adminKeys.stats(), STATS);
      client.setQueryData(adminKeys.cases('pending'), { pages: [{ items: [CASE], nextCursor: null }], pageParams: [null] });
    });
    expect(text).toContain('Admin Dashboard');
    expect(text).toContain('Back to Home');
    for (const [label, n] of [['Pending Reports', 3], ['Total Reports', 7], ['Pending Verifications', 1], ['Total Verifications', 4]] as const) {
      expect(text).toContain(`${label} ${n}`);
    }
    // Three reports on one post, the one the tab counts (0148).
    expect(text).toContain('Pending Reports 3 on 1 post');
    expect(text).toMatch(/Post Reports 1 , 1 pending/);
    expect(text).toMatch(/Verifications 1 , 1 pending/);
    expect(text).toContain('Audit log');
    expect(text).toContain('Cheap firewood');
  });

  it("tells a member who is not an admin 'Admins only', with the way back home", () => {
    const text = render(<AdminsOnly />);
    expect(text).toContain('Admins only');
    expect(text).toContain('Your account is not an admin.');
    expect(text).toContain('Back to Home');
  });
});

describe('a case of reports', () => {
  it("groups the post's reports, ids by their first 8 characters, 'possible brigade', the notes box with Resolve and Dismiss", () => {
    const html = markup(<CaseCard item={CASE} />);
    const text = render(<CaseCard item={CASE} />);
    expect(text).toContain('possible brigade');
    expect(text).toContain('Listed');
    expect(text).toContain('#1a2b3c4d');
    expect(text).not.toContain('1a2b3c4d5e');
    expect(text).toContain('by anonymous · no weight');
    expect(text).toContain('weight 0.25, new account');
    expect(text).toContain('Open reports weigh 0.5 of 3, from 2 members.');
    expect(text).toContain('Posted by Seller');
    expect(text).toContain('no posts removed');
    expect(text).toContain('Review notes');
    expect(buttons(html)).toEqual(['Suspend Seller', 'Resolve', 'Dismiss']);
  });

  it('names a report of a member who has closed their account since as theirs, with the weight it was filed with', () => {
    const gone = { ...CASE, reports: [report('4d5e6f7a8b9c', 'resolved', { reporterId: null, reporterName: null, reporterClosed: true, weight: 1, fromNewAccount: false })] };
    const text = render(<CaseCard item={gone} />);
    expect(text).toContain('by a member who has closed their account · weight 1');
    expect(text).not.toContain('anonymous');
  });

  it('offers a decided case no notes box: Remove post while listed, Restore post once removed', () => {
    const decided = { ...CASE, pending: false, possibleBrigade: false, reports: CASE.reports.map((r) => ({ ...r, status: 'dismissed' as const, reviewNotes: 'Fine' })) };
    const kept = render(<CaseCard item={decided} />);
    expect(kept).not.toContain('Review notes');
    expect(kept).toContain('Notes: Fine');
    expect(buttons(markup(<CaseCard item={decided} />))).toEqual(['Suspend Seller', 'Remove post']);
    const removed = { ...decided, post: { ...decided.post, state: 'removed' as const } };
    expect(render(<CaseCard item={removed} />)).toContain('Removed');
    expect(buttons(markup(<CaseCard item={removed} />))).toEqual(['Suspend Seller', 'Restore post']);
  });

  it("says when the owner is suspended, and offers to lift it; an admin's posts offer no suspension", () => {
    const suspended = { ...CASE, owner: { ...CASE.owner!, suspension: { until: null, reason: 'Spam' } } };
    expect(render(<CaseCard item={suspended} />)).toContain('Suspended until further notice: Spam');
    expect(buttons(markup(<CaseCard item={suspended} />))).toContain('Lift suspension');
    const admin = { ...CASE, owner: { ...CASE.owner!, isAdmin: true } };
    expect(buttons(markup(<CaseCard item={admin} />))).toEqual(['Resolve', 'Dismiss']);
  });

  it("gives the owner's record of removed posts, and the last one's date in words (docs/decisions/0131)", () => {
    const removal = { postId: 'p1', title: 'Cheap firewood', at: '2026-12-06T12:00:00Z', notes: 'Deposit scam' };
    const record = { ...CASE, owner: { ...CASE.owner!, removedPosts: 1, recentRemovals: [removal] } };
    const text = render(<CaseCard item={record} />);
    expect(text).toContain('1 post removed');
    expect(text).not.toContain('removed before');
    expect(text).toContain('Last removed: “Cheap firewood”, Dec 6, 2026 (Deposit scam)');
  });
});

describe('a verification request', () => {
  it('shows a pending one with its badge, its short id, the notes box, Approve and Reject', () => {
    const text = render(<VerificationCard request={REQUEST} />);
    expect(text).toContain('Arbor: Verified Arborist');
    expect(text).toContain('Pending');
    expect(text).toContain('High Branch Tree Care');
    expect(text).toContain('Professional tree service verified');
    expect(text).toContain('#abcdef01');
    expect(text).toContain('Review notes');
    expect(buttons(markup(<VerificationCard request={REQUEST} />))).toEqual(['Approve', 'Reject']);
  });

  it('keeps Reject off until notes say why, and says so beside it (0146)', () => {
    const html = markup(<VerificationCard request={REQUEST} />);
    const reject = /<button[^>]*>[^<]*Reject<\/button>/.exec(html)?.[0] ?? '';
    const approve = /<button[^>]*>[^<]*Approve<\/button>/.exec(html)?.[0] ?? '';
    expect(reject).toMatch(/\sdisabled=""/);
    expect(approve).not.toMatch(/\sdisabled=""/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(reject)?.[1];
    expect(html).toContain(`id="${describedBy}"`);
    expect(render(<VerificationCard request={REQUEST} />)).toContain(ADMIN_TEXTS.rejectNeedsNotes);
  });

  it('offers a decided one no decision: a rejected one nothing, an approved one whose badge holds Revoke badge', () => {
    const rejected = { ...REQUEST, status: 'rejected' as const, reviewNotes: 'No answer at that number' };
    expect(render(<VerificationCard request={rejected} />)).toContain('Rejected');
    expect(render(<VerificationCard request={rejected} />)).toContain('Notes: No answer at that number');
    expect(buttons(markup(<VerificationCard request={rejected} />))).toEqual([]);
    const approved = { ...REQUEST, status: 'approved' as const, currentBadge: 'arborist' as const };
    expect(buttons(markup(<VerificationCard request={approved} />))).toEqual(['Revoke badge']);
  });
});

describe('status badges (spec §4)', () => {
  it('say their status, and an unknown status looks pending', () => {
    const look = (status: string) => renderToStaticMarkup(<StatusBadge status={status} />).match(/class="([^"]*)"/)![1];
    expect(renderToStaticMarkup(<StatusBadge status="reviewed" />)).toContain('>Reviewed<');
    expect(renderToStaticMarkup(<StatusBadge status="escalated" />)).toContain('>Escalated<');
    expect(look('escalated')).toBe(look('pending'));
    expect(look('resolved')).not.toBe(look('pending'));
    expect(look('rejected')).not.toBe(look('approved'));
  });
});

describe('the toasts of a decision (spec §8)', () => {
  it('say the spec’s words, and on a refusal the server’s reason', () => {
    expect(decisionToast('report')).toEqual({ title: 'Report updated successfully' });
    expect(decisionToast('verification')).toEqual({ title: 'Verification request updated successfully' });
    expect(decisionToast('report', new TypeError('Failed to fetch'))).toEqual({ variant: 'destructive', title: 'Failed to update report', description: 'Please try again.' });
    expect(decisionToast('verification', new ApiError(409, JSON.stringify({ message: 'This request was already decided.' }), 'Conflict'))).toEqual({
      variant: 'destructive',
      title: 'Failed to update verification request',
      description: 'This request was already decided.',
    });
  });
});

describe('the audit log', () => {
  it("says what changed: 'before → after', a field on one side as it is, unchanged fields left out", () => {
    const changes: AuditEntry['changes'] = { before: { state: 'listed', reports: 3, status: 'pending' }, after: { state: 'removed', status: 'pending', by: null } };
    expect(changeLines(changes)).toEqual(['state: listed → removed', 'reports: 3', 'by: none']);
    expect(changeLines(null)).toEqual([]);
  });

  it('shows a time the way the entry shows its own, not as the database writes it (0146)', () => {
    const until = '2026-12-14T13:42:46.242Z';
    const lines = changeLines({ before: { suspendedUntil: null }, after: { suspendedUntil: until } });
    expect(lines).toEqual([`suspendedUntil: none → ${whenText(new Date(until))}`]);
    expect(lines[0]).not.toContain('T13:42');
  });

  it("reads a removed comment as 'Comment removed', the post's title opening the post, with who wrote what (0151)", () => {
    const entry: AuditEntry = {
      id: 'a1',
      at: new Date().toISOString(),
      adminId: 'u-ada',
      adminName: 'Ada',
      action: 'comment_removed',
      targetType: 'post',
      targetId: 'post-1',
      targetName: 'Cheap firewood',
      notes: null,
      changes: { before: { author: 'Sam', comment: 'Send a deposit first.' }, after: null },
    };
    const html = markup(<AuditLine entry={entry} />);
    expect(html).toMatch(/<a [^>]*href="\/\?post=post-1"[^>]*>Cheap firewood<\/a>/);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Comment removed Cheap firewood');
    expect(text).toContain('by Ada');
    expect(changeLines(entry.changes)).toEqual(['author: Sam', 'comment: Send a deposit first.']);
  });
});
