import { useId, useState } from 'react';
import type { CaseOwner } from '../../../../domain/admin';
import { SUSPENSION_END_LABELS, SUSPENSION_ENDS, suspendedUntilText, type SuspensionEnd } from '../../../../domain/suspension';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useSuspension } from '../api/decisions';
import { ActionDialog } from './action-dialog';
import { FlagBadge } from './status-badge';

const monthYear = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
const removedText = (n: number) => (n === 0 ? 'no posts removed before' : n === 1 ? '1 post removed before' : `${n} posts removed before`);

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
          Last removed: “{last.title}”, {new Date(last.at).toLocaleDateString()}
          {last.notes ? ` (${last.notes})` : ''}
        </p>
      )}
      {owner.suspension && (
        <p className="font-medium text-red-800">
          Suspended until {suspendedUntilText(owner.suspension.until === null ? null : new Date(owner.suspension.until))}: {owner.suspension.reason}
        </p>
      )}
      {!owner.isAdmin && <SuspensionControl owner={owner} />}
    </div>
  );
}

/** Suspend the owner (a reason and an end) or lift their suspension. */
function SuspensionControl({ owner }: { owner: CaseOwner }) {
  const suspension = useSuspension();
  const [end, setEnd] = useState<SuspensionEnd>('7d');
  const endId = useId();
  const run = (suspend: { reason: string; end: SuspensionEnd } | null) =>
    suspension.mutateAsync({ userId: owner.id, suspend }).then(
      () => true,
      () => false,
    );
  if (owner.suspension) {
    return (
      <div>
        <ActionDialog
          trigger="Lift suspension"
          title={`Lift ${owner.username}'s suspension?`}
          description="They can post, comment, message, rate and report again, and their posts are listed again."
          confirm="Lift suspension"
          pending={suspension.isPending}
          onConfirm={() => run(null)}
        />
      </div>
    );
  }
  return (
    <div>
      <ActionDialog
        trigger="Suspend owner"
        title={`Suspend ${owner.username}?`}
        description="They can still sign in and read, but cannot post, comment, message, rate or report. Their posts leave lists and the map, and they are told why."
        confirm="Suspend"
        notesLabel="Reason (shown to them)"
        notesRequired
        pending={suspension.isPending}
        onConfirm={(reason) => run({ reason, end })}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={endId}>For</Label>
          <Select id={endId} value={end} onChange={(e) => setEnd(e.target.value as SuspensionEnd)}>
            {SUSPENSION_ENDS.map((value) => (
              <option key={value} value={value}>
                {SUSPENSION_END_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </ActionDialog>
    </div>
  );
}
