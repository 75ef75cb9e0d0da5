import { useState } from 'react';
import { Ban } from 'lucide-react';
import type { PublicProfile } from '../../../../domain/members';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useBlockMember } from '../api/block-member';

/**
 * Block (after a confirmation that says what it does) or Unblock (at once), DECISIONS 21. One
 * button for both, so focus stays on it when its label changes.
 */
export function BlockControl({ profile }: { profile: PublicProfile }) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMember(profile.id, profile.username);
  const { blocked } = profile.viewer;
  const onClick = () => {
    if (block.isPending) return;
    if (blocked) block.mutate(false);
    else setConfirming(true);
  };
  return (
    <>
      <Button variant="outline" onClick={onClick} aria-disabled={block.isPending} aria-busy={block.isPending}>
        <Ban aria-hidden="true" />
        {blocked ? 'Unblock' : 'Block'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${profile.username}?`}
        description="Neither of you will be able to message or rate the other, and neither is told about the other's comments. You can unblock them here at any time."
        confirm="Block"
        pending={block.isPending}
        onConfirm={() => block.mutate(true, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}
