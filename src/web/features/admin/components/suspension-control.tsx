import { useId, useState } from 'react';
import { ADMIN_TEXTS } from '../../../../domain/moderation-values';
import { SUSPENSION_END_LABELS, SUSPENSION_ENDS, type SuspensionEnd } from '../../../../domain/suspension';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useSuspension } from '../api/decisions';
import { ActionDialog } from './action-dialog';

interface SuspensionControlProps {
  userId: string;
  username: string;
  suspended: boolean;
  /** After the change worked (a profile asks for itself again). */
  onChanged?: () => void;
}

/**
 * Suspend a member (a reason shown to them, and an end) or lift their suspension (issue 19): from a
 * case's owner line, or from the member's profile.
 */
export function SuspensionControl({ userId, username, suspended, onChanged }: SuspensionControlProps) {
  const suspension = useSuspension();
  const [end, setEnd] = useState<SuspensionEnd>('7d');
  const endId = useId();
  const run = (suspend: { reason: string; end: SuspensionEnd } | null, notes?: string) =>
    suspension.mutateAsync({ userId, suspend, notes }).then(
      () => {
        onChanged?.();
        return true;
      },
      () => false,
    );
  if (suspended) {
    return (
      <div>
        <ActionDialog
          trigger="Lift suspension"
          title={`Lift ${username}'s suspension?`}
          description="They can post, comment, message, rate and report again, and their posts are listed again."
          confirm="Lift suspension"
          notesLabel={ADMIN_TEXTS.liftNotesLabel}
          pending={suspension.isPending}
          onConfirm={(notes) => run(null, notes)}
        />
      </div>
    );
  }
  return (
    <div>
      <ActionDialog
        trigger={`Suspend ${username}`}
        title={`Suspend ${username}?`}
        description="They can still sign in, read and delete their posts, but cannot post, edit their posts, comment, message, rate or report. Their posts leave lists and the map, and they are told why."
        confirm="Suspend"
        notesLabel="Reason (shown to them)"
        notesRequired={ADMIN_TEXTS.suspendNeedsReason}
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
