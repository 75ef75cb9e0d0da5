import type { AdminStats } from '../../../../domain/admin';
import { ADMIN_TEXTS } from '../../../../domain/moderation-values';
import { formatCount } from '../../../../domain/numbers';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

const CARDS: Array<keyof typeof ADMIN_TEXTS.stats> = ['pendingReports', 'totalReports', 'pendingVerifications', 'totalVerifications'];

/** Under the pending reports: how many posts they are on, which the Post Reports tab counts. */
export const onPostsText = (posts: number) => `on ${formatCount(posts)} ${posts === 1 ? 'post' : 'posts'}`;

/** Spec §2 Admin: four stat cards (spec §3 Admin stats). */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map((key) => (
        <Card key={key} className="grid content-start gap-1 p-4">
          <dt className="text-sm font-medium text-muted-foreground">{ADMIN_TEXTS.stats[key]}</dt>
          <dd className="text-3xl font-bold tabular-nums">{stats ? formatCount(stats[key]) : <Skeleton className="h-9 w-12" />}</dd>
          {/* The Post Reports tab counts posts: the reports are said to be on them (0148). */}
          {key === 'pendingReports' && stats && stats.pendingReports > 0 && (
            <dd className="text-xs text-muted-foreground">{onPostsText(stats.pendingCases)}</dd>
          )}
        </Card>
      ))}
    </dl>
  );
}
