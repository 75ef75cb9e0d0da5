import type { AdminStats } from '../../../../domain/admin';
import { ADMIN_TEXTS } from '../../../../domain/moderation-values';
import { formatCount } from '../../../../domain/numbers';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

const CARDS: Array<keyof typeof ADMIN_TEXTS.stats> = ['pendingReports', 'totalReports', 'pendingVerifications', 'totalVerifications'];

/** Spec §2 Admin: four stat cards (spec §3 Admin stats). */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map((key) => (
        <Card key={key} className="grid content-start gap-1 p-4">
          <dt className="text-sm font-medium text-muted-foreground">{ADMIN_TEXTS.stats[key]}</dt>
          <dd className="text-3xl font-bold tabular-nums">{stats ? formatCount(stats[key]) : <Skeleton className="h-9 w-12" />}</dd>
        </Card>
      ))}
    </dl>
  );
}
