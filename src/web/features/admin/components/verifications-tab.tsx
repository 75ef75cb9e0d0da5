import { useId, useState } from 'react';
import type { AdminVerificationRequest } from '../../../../domain/admin';
import { VERIFIED_BADGES } from '../../../../domain/community-values';
import { ADMIN_TEXTS, shortId, type VerificationStatus } from '../../../../domain/moderation-values';
import { Card } from '../../../components/ui/card';
import { TimeAgo } from '../../../components/ui/time-ago';
import { useDecideVerification, useRevokeBadge } from '../api/decisions';
import { useVerifications } from '../api/get-lists';
import { ActionDialog } from './action-dialog';
import { DecisionForm } from './decision-form';
import { FOCUS_AFTER_LEAVE } from '../../../lib/focus-after-leave';
import { CARD_HEADING, FilterSelect, ListState } from './list-frame';
import { StatusBadge } from './status-badge';

type Filter = VerificationStatus | 'all';
const FILTERS = [
  ['pending', 'Pending'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['all', 'All'],
] as const satisfies ReadonlyArray<readonly [Filter, string]>;

/** 'Verifications' (spec §2 Admin): requests by status, pending ones with Approve and Reject. */
export function VerificationsTab() {
  const [status, setStatus] = useState<Filter>('pending');
  const requests = useVerifications(status);
  return (
    <div className="grid gap-4">
      <FilterSelect label="Show" value={status} options={FILTERS} onChange={setStatus} />
      <ListState query={requests} ids={requests.data?.map((r) => r.id)} empty={requests.data?.length === 0} what="verification requests" emptyText="No verification requests here.">
        <div className="grid gap-4">
          {requests.data?.map((request) => <VerificationCard key={request.id} request={request} />)}
        </div>
      </ListState>
    </div>
  );
}

export function VerificationCard({ request }: { request: AdminVerificationRequest }) {
  const headingId = useId();
  const decide = useDecideVerification();
  const badge = VERIFIED_BADGES[request.verifiedType];
  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} {...FOCUS_AFTER_LEAVE} className={CARD_HEADING}>
          {request.username}: {badge.label}
        </h3>
        <StatusBadge status={request.status} />
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Name</dt>
        <dd>{request.businessName}</dd>
        <dt className="text-muted-foreground">Checks</dt>
        <dd>{badge.detail}</dd>
        <dt className="text-muted-foreground">Phone</dt>
        <dd>
          <a href={`tel:${request.businessPhone.replace(/[^+\d]/g, '')}`} className="underline underline-offset-4">
            {request.businessPhone}
          </a>
        </dd>
        {request.businessWebsite && (
          <>
            <dt className="text-muted-foreground">Website</dt>
            <dd className="min-w-0 truncate">
              <a href={request.businessWebsite} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-4">
                {request.businessWebsite}
              </a>
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Request</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-xs">#{shortId(request.id)}</code>
          <TimeAgo at={request.createdAt} />
        </dd>
      </dl>
      {request.reviewNotes && <p className="text-sm text-muted-foreground">Notes: {request.reviewNotes}</p>}
      {request.status === 'pending' ? (
        <DecisionForm
          label={`Decide ${request.username}'s request`}
          pending={decide.isPending}
          explanation="Approving shows the badge on their posts and profile at once; either way they are told, with your notes."
          choices={[
            { label: ADMIN_TEXTS.approve, decide: (reviewNotes) => decide.mutate({ id: request.id, status: 'approved', reviewNotes }) },
            {
              label: ADMIN_TEXTS.reject,
              variant: 'outline',
              needsNotes: ADMIN_TEXTS.rejectNeedsNotes,
              decide: (reviewNotes) => decide.mutate({ id: request.id, status: 'rejected', reviewNotes }),
            },
          ]}
        />
      ) : (
        request.status === 'approved' && request.currentBadge === request.verifiedType && <RevokeBadge request={request} />
      )}
    </Card>
  );
}

function RevokeBadge({ request }: { request: AdminVerificationRequest }) {
  const revoke = useRevokeBadge();
  return (
    <div>
      <ActionDialog
        trigger="Revoke badge"
        title={`Revoke ${request.username}'s badge?`}
        description="It leaves their posts and profile at once, and they are told, with your notes."
        confirm="Revoke badge"
        pending={revoke.isPending}
        onConfirm={(reviewNotes) => revoke.mutateAsync({ userId: request.userId, reviewNotes }).then(() => true, () => false)}
      />
    </div>
  );
}
