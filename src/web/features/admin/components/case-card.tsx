import { useId } from 'react';
import type { CasePost, ReportCase } from '../../../../domain/admin';
import { ADMIN_TEXTS, REPORT_WEIGHTS } from '../../../../domain/moderation-values';
import { POST_TYPE_TABS } from '../../../../domain/post-values';
import { Card } from '../../../components/ui/card';
import { TypeArt } from '../../../components/ui/type-art';
import { useDecideReport } from '../api/decisions';
import { ActionDialog } from './action-dialog';
import { CaseReports } from './case-reports';
import { DecisionForm } from './decision-form';
import { OwnerLine } from './owner-line';
import { FOCUS_AFTER_LEAVE } from '../../../lib/focus-after-leave';
import { CARD_HEADING } from './list-frame';
import { FlagBadge } from './status-badge';

const STATES: Record<CasePost['state'], { label: string; tone: 'good' | 'pending' | 'bad' }> = {
  listed: { label: 'Listed', tone: 'good' },
  hidden: { label: 'Hidden by reports', tone: 'pending' },
  removed: { label: 'Removed', tone: 'bad' },
};

const weightOf = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * One case per post (issue 19): the post (also while hidden or removed), its owner, each report,
 * where the open reports stand, and one decision for all of them.
 */
export function CaseCard({ item }: { item: ReportCase }) {
  const headingId = useId();
  const { post } = item;
  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        {post.thumbnailUrl ? (
          <img src={post.thumbnailUrl} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-muted">
            <TypeArt type={post.type} decorative className="size-10" />
          </span>
        )}
        <div className="grid min-w-0 gap-1.5">
          <h3 id={headingId} {...FOCUS_AFTER_LEAVE} className={CARD_HEADING}>
            {post.title}
          </h3>
          <p className="flex flex-wrap items-center gap-1.5 text-xs">
            <span className="text-muted-foreground">{POST_TYPE_TABS[post.type]}</span>
            <FlagBadge tone={STATES[post.state].tone}>{STATES[post.state].label}</FlagBadge>
            {post.ownerSuspended && <FlagBadge tone="bad">Owner suspended</FlagBadge>}
            {item.possibleBrigade && <FlagBadge>{ADMIN_TEXTS.possibleBrigade}</FlagBadge>}
          </p>
        </div>
      </div>
      <p className="line-clamp-3 text-sm text-muted-foreground">{post.description}</p>
      {item.pending && (
        <p className="text-sm">
          Open reports weigh <strong>{weightOf(item.weight)}</strong> of {REPORT_WEIGHTS.hideAtWeight}, from{' '}
          {item.members} {item.members === 1 ? 'member' : 'members'}.
          {item.possibleBrigade &&
            ` Half or more of that weight comes from ${REPORT_WEIGHTS.brigadeAtNewMembers} or more accounts younger than ${REPORT_WEIGHTS.newAccountDays} days: it does not hide the post by itself.`}
        </p>
      )}
      <OwnerLine owner={item.owner} />
      <CaseReports reports={item.reports} />
      <CaseDecision item={item} />
    </Card>
  );
}

/** A pending case's notes box with Resolve and Dismiss; a decided one's way to restore or remove the post. */
function CaseDecision({ item }: { item: ReportCase }) {
  const decide = useDecideReport();
  const { post } = item;
  const open = item.reports.find((r) => r.status === 'pending');
  if (open) {
    return (
      <DecisionForm
        label={`Decide the reports of ${post.title}`}
        pending={decide.isPending}
        explanation="Resolve removes the post and tells its owner why; Dismiss keeps it listed. Either way every open report of this post closes, and each reporter who signed in is told."
        choices={[
          {
            label: ADMIN_TEXTS.resolve,
            decide: (reviewNotes) =>
              decide.mutate({ reportId: open.id, status: 'resolved', action: 'remove', reviewNotes }),
          },
          {
            label: ADMIN_TEXTS.dismiss,
            variant: 'outline',
            decide: (reviewNotes) =>
              decide.mutate({ reportId: open.id, status: 'dismissed', action: 'keep', reviewNotes }),
          },
        ]}
      />
    );
  }
  const last = item.reports.at(-1)!;
  const run = (request: Parameters<typeof decide.mutateAsync>[0]) =>
    decide.mutateAsync(request).then(
      () => true,
      () => false,
    );
  const restore = post.state === 'removed';
  const verb = restore ? 'Restore post' : 'Remove post';
  return (
    <ActionDialog
      trigger={verb}
      title={`${restore ? 'Restore' : 'Remove'} “${post.title}”?`}
      description={
        restore
          ? 'It is listed again, and its owner is told. The reports keep their decision.'
          : 'It leaves every list, the map and its link, and its owner is told why.'
      }
      confirm={verb}
      pending={decide.isPending}
      onConfirm={(reviewNotes) =>
        run({
          reportId: last.id,
          status: restore && last.status === 'dismissed' ? 'dismissed' : 'resolved',
          action: restore ? 'restore' : 'remove',
          reviewNotes,
        })
      }
    />
  );
}
