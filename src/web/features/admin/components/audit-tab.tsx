import { useState } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../../domain/admin';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '../../../../domain/moderation-values';
import { postPath } from '../../../../domain/post-values';
import { LoadMore } from '../../../components/ui/load-more';
import { whenText } from '../../../lib/when-text';
import { MemberLink } from '../../members';
import { useAuditLog } from '../api/get-lists';
import { FilterSelect, ListState } from './list-frame';

const ACTIONS = [['', 'All actions'], ...AUDIT_ACTIONS.map((a) => [a, AUDIT_ACTION_LABELS[a]] as const)] as const;

/** A time as the database writes it ('2026-12-14T13:42:46.242Z'), shown as the entry's own time is. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const shown = (value: unknown) => {
  if (value === null || value === undefined) return 'none';
  return typeof value === 'string' && TIMESTAMP.test(value) ? whenText(new Date(value)) : String(value);
};

/** What an entry changed, a line a field: 'state: listed → removed'; a field on one side only as it is ('reports: 3'). */
export function changeLines(changes: AuditEntry['changes']): string[] {
  if (!changes) return [];
  const before = changes.before ?? {};
  const after = changes.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => {
    if (!(key in after)) return [`${key}: ${shown(before[key])}`];
    if (!(key in before)) return [`${key}: ${shown(after[key])}`];
    const [was, is] = [shown(before[key]), shown(after[key])];
    return was === is ? [] : [`${key}: ${was} → ${is}`];
  });
}

/** 'Audit log' (issue 19): every admin action, newest first, by action or admin. */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [adminId, setAdminId] = useState('');
  const log = useAuditLog({ action: action || undefined, adminId: adminId || undefined });
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const admins = log.data?.pages[0]?.admins.filter((a) => a.id !== null) ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <FilterSelect label="Action" value={action} options={ACTIONS} onChange={setAction} />
        <FilterSelect label="Admin" value={adminId} options={[['', 'All admins'], ...admins.map((a) => [a.id!, a.name] as const)]} onChange={setAdminId} />
      </div>
      <ListState query={log} empty={entries.length === 0} what="audit log" emptyText="Nothing has been done yet.">
        <div className="grid gap-2">
          <ol className="grid gap-2" aria-label="Admin actions, newest first">
            {entries.map((entry) => (
              <AuditLine key={entry.id} entry={entry} />
            ))}
          </ol>
          <LoadMore onLoadMore={() => void log.fetchNextPage()} loading={log.isFetchingNextPage} more={log.hasNextPage} itemSelector="[data-audit-line]" />
        </div>
      </ListState>
    </div>
  );
}

/** One line of the log: what was done, to what (a member's name opens their profile, a post's title the post), by whom, when. */
export function AuditLine({ entry }: { entry: AuditEntry }) {
  const changes = changeLines(entry.changes);
  return (
    <li data-audit-line tabIndex={-1} className="grid gap-1 rounded-xl border bg-card p-3 text-sm outline-none focus-visible:outline-2 focus-visible:outline-ring">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <strong>{AUDIT_ACTION_LABELS[entry.action]}</strong>
        {/* A member's name opens their profile: where an admin lifts a suspension early, or revokes a badge (0148). */}
        {/* A post's title opens the post, as an admin sees it also hidden or removed: where a removed comment was (0151). */}
        {entry.targetType === 'user' ? (
          <MemberLink userId={entry.targetId} name={entry.targetName} className="min-w-0 font-normal underline" />
        ) : entry.targetType === 'post' ? (
          <Link to={postPath(entry.targetId)} className="min-w-0 break-words underline">
            {entry.targetName}
          </Link>
        ) : (
          <span className="min-w-0 break-words">{entry.targetName}</span>
        )}
      </p>
      <p className="text-xs text-muted-foreground">
        by {entry.adminName} ·{' '}
        <time dateTime={entry.at}>{whenText(new Date(entry.at))}</time>
      </p>
      {entry.notes && <p>Notes: {entry.notes}</p>}
      {changes.length > 0 && (
        <ul className="grid gap-0.5 font-mono text-xs text-muted-foreground" aria-label="What changed">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
