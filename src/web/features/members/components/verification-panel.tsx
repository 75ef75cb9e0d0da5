import { useId, useRef, useState } from 'react';
import { BadgeCheck } from 'lucide-react';
import { VERIFIED_BADGES } from '../../../../domain/community-values';
import { timeAgo } from '../../../../domain/time';
import type { VerifiedType } from '../../../../domain/auth';
import type { VerificationRequest } from '../../../../domain/verification';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyVerificationRequests } from '../api/verification-requests';
import { VerificationForm } from './verification-form';

/** What became of the member's latest request, in words; `held`: the badge they hold now. */
export function requestState(request: VerificationRequest, held: VerifiedType | null): string {
  const badge = VERIFIED_BADGES[request.verifiedType].label;
  if (request.status === 'pending') return `Your request for “${badge}” is waiting for an admin's review (sent ${timeAgo(request.createdAt).toLowerCase()}).`;
  // Revoked by an admin, or gone with a rename (0146): not 'approved' alone (0148).
  if (request.status === 'approved' && held === null) return `Your request for “${badge}” was approved; the badge has since been taken off.`;
  if (request.status === 'approved') return `Your request for “${badge}” was approved.`;
  return `Your request for “${badge}” was not approved.`;
}

/**
 * On one's own profile (DECISIONS 16): the state of one's latest verification request and the
 * admin's notes, and 'Request verification' when none is waiting ('Request another badge' for a
 * member who holds one: 0148). `held`: the badge they hold now.
 */
export function VerificationPanel({ userId, held }: { userId: string; held: VerifiedType | null }) {
  const requests = useMyVerificationRequests(userId);
  const [asking, setAsking] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const state = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const latest = requests.data?.[0];
  // The form leaves with its buttons: focus goes back to the toggle, or to the request's new state once sent.
  const close = (sent: boolean) => {
    setAsking(false);
    (sent ? state.current : toggle.current)?.focus();
  };
  if (requests.isPending) return <Skeleton className="h-16 w-full" />;
  return (
    <section aria-labelledby={`${panelId}-title`} className="grid gap-3 rounded-xl bg-muted p-4 text-sm">
      <h3 id={`${panelId}-title`} className="flex items-center gap-1.5 font-semibold">
        <BadgeCheck className="size-4 text-sky-700" aria-hidden="true" />
        Verification
      </h3>
      <div ref={state} tabIndex={-1} className="grid gap-1 outline-none" role="status">
        {latest ? (
          <>
            <p>{requestState(latest, held)}</p>
            {latest.reviewNotes && <p className="text-muted-foreground">Admin's notes: {latest.reviewNotes}</p>}
          </>
        ) : (
          <p className="text-muted-foreground">A badge tells neighbours that our team checked who you are or your tree service.</p>
        )}
      </div>
      {latest?.status !== 'pending' && (
        <Button
          ref={toggle}
          variant={asking ? 'outline' : 'default'}
          className="justify-self-start"
          aria-expanded={asking}
          aria-controls={asking ? panelId : undefined}
          onClick={() => setAsking(!asking)}
        >
          {held ? 'Request another badge' : 'Request verification'}
        </Button>
      )}
      {asking && (
        <div id={panelId}>
          <VerificationForm userId={userId} onClose={close} />
        </div>
      )}
    </section>
  );
}
