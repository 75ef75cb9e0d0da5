import type { CaseReport } from '../../../../domain/admin';
import { ADMIN_TEXTS, shortId } from '../../../../domain/moderation-values';
import { REPORT_REASON_LABELS } from '../../../../domain/reports';
import { TimeAgo } from '../../../components/ui/time-ago';
import { StatusBadge } from './status-badge';

/** Who reported: their name, a guest (anonymous), or a member since gone. */
const reporterText = (r: CaseReport) => r.reporterName ?? (r.reporterClosed ? ADMIN_TEXTS.closedAccount : ADMIN_TEXTS.anonymous);

/** A report's weight in words: 'weight 0.25, new account'; a guest's weighs nothing. */
const weightText = (r: CaseReport) =>
  r.reporterId === null && !r.reporterClosed ? 'no weight' : `weight ${r.weight.toLocaleString('en-US', { maximumFractionDigits: 2 })}${r.fromNewAccount ? ', new account' : ''}`;

/** A case's reports, oldest first: id, status, reason, reporter, weight, age, what they said. */
export function CaseReports({ reports }: { reports: CaseReport[] }) {
  return (
    <ul className="grid gap-2" aria-label={`${reports.length} ${reports.length === 1 ? 'report' : 'reports'}`}>
      {reports.map((r) => (
        <li key={r.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <code className="font-mono text-xs text-muted-foreground">#{shortId(r.id)}</code>
            <StatusBadge status={r.status} />
            <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span>
          </div>
          <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
            <span>by {reporterText(r)}</span>
            <span aria-hidden="true">·</span>
            <span>{weightText(r)}</span>
            <span aria-hidden="true">·</span>
            <TimeAgo at={r.createdAt} />
          </p>
          {r.description && <p className="whitespace-pre-line">“{r.description}”</p>}
          {r.reviewNotes && <p className="text-muted-foreground">Notes: {r.reviewNotes}</p>}
        </li>
      ))}
    </ul>
  );
}
