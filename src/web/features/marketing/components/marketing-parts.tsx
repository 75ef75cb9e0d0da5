import type { CampaignReport, MarketingOverview } from '../../../../domain/marketing';
import { formatCount } from '../../../../domain/numbers';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';

/** The stat cards: figures from the database, each saying what it counts. */
export function StatCards({ stats }: { stats: MarketingOverview['stats'] | undefined }) {
  if (!stats) return <Skeleton className="h-28" />;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
      {stats.map((s) => (
        <div key={s.label} className="grid content-start rounded-2xl border bg-card p-4 shadow-sm">
          <dt className="order-2 text-sm font-medium">{s.label}</dt>
          <dd className="order-1 text-2xl font-bold tabular-nums">{formatCount(s.value)}</dd>
          <dd className="order-3 text-xs text-muted-foreground">{s.counts}</dd>
        </div>
      ))}
    </dl>
  );
}

const STATUS_STYLE = {
  Ready: 'bg-primary-soft text-primary-hover',
  'Setup Required': 'bg-accent-soft text-accent-hover',
  Manual: 'bg-muted text-foreground',
} as const;

/** Integration status from the server's settings. */
export function Integrations({
  integrations,
}: {
  integrations: MarketingOverview['integrations'] | undefined;
}) {
  if (!integrations) return <Skeleton className="h-32" />;
  return (
    <ul className="grid min-w-0 gap-2">
      {integrations.map((i) => (
        <li
          key={i.name}
          className="flex items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2"
        >
          <span className="grid min-w-0">
            <span className="font-medium">{i.name}</span>
            <span className="text-xs text-muted-foreground wrap-anywhere">{i.detail}</span>
          </span>
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
              STATUS_STYLE[i.status],
            )}
          >
            {i.status}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The campaign report: visits, registrations and first posts by campaign (first touch). */
export function ReportTable({ rows }: { rows: CampaignReport['rows'] | undefined }) {
  if (!rows) return <Skeleton className="h-40" />;
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No campaign visits or attributed members yet. Share a campaign link to start.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Visits, registrations and first posts by campaign</caption>
        <thead className="bg-muted text-xs text-muted-foreground">
          <tr>
            {['Campaign', 'Source', 'Medium', 'Visits', 'Registrations', 'First posts'].map((h, i) => (
              <th key={h} scope="col" className={cn('px-3 py-2 font-semibold', i >= 3 && 'text-right')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.source}|${r.medium}|${r.campaign}`} className="border-t">
              <th scope="row" className="px-3 py-2 font-mono font-medium">
                {r.campaign || '(none)'}
              </th>
              <td className="px-3 py-2 font-mono">{r.source || '(none)'}</td>
              <td className="px-3 py-2 font-mono">{r.medium || '(none)'}</td>
              {[r.visits, r.registrations, r.firstPosts].map((n, i) => (
                <td key={i} className="px-3 py-2 text-right tabular-nums">
                  {formatCount(n)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
