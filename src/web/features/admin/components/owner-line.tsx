import type { CaseOwner } from '../../../../domain/admin';
import { suspendedUntilText } from '../../../../domain/suspension';
import { FlagBadge } from './status-badge';
import { SuspensionControl } from './suspension-control';

const monthYear = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
const dayText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
/** The owner's record, this case's post included once it is removed (docs/decisions/0131). */
const removedText = (n: number) => (n === 0 ? 'no posts removed' : n === 1 ? '1 post removed' : `${n} posts removed`);

/** A case's owner (issue 19): who, since when, their record of removed posts, and their suspension. */
export function OwnerLine({ owner }: { owner: CaseOwner | null }) {
  if (!owner) return <p className="text-sm text-muted-foreground">Posted by a guest, without an account.</p>;
  const last = owner.recentRemovals[0];
  return (
    <div className="grid gap-2 rounded-xl bg-muted/60 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>
          Posted by <strong>{owner.username}</strong>
        </span>
        <span className="text-muted-foreground">member since {monthYear(owner.memberSince)}</span>
        <span className={owner.removedPosts > 0 ? 'font-semibold text-red-800' : 'text-muted-foreground'}>{removedText(owner.removedPosts)}</span>
        {owner.isAdmin && <FlagBadge tone="neutral">Admin</FlagBadge>}
      </p>
      {last && (
        <p className="text-muted-foreground">
          Last removed: “{last.title}”, {dayText(last.at)}
          {last.notes ? ` (${last.notes})` : ''}
        </p>
      )}
      {owner.suspension && (
        <p className="font-medium text-red-800">
          Suspended until {suspendedUntilText(owner.suspension.until === null ? null : new Date(owner.suspension.until))}: {owner.suspension.reason}
        </p>
      )}
      {!owner.isAdmin && <SuspensionControl userId={owner.id} username={owner.username} suspended={owner.suspension !== null} />}
    </div>
  );
}
