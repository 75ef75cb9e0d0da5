import { useState } from 'react';
import { BarChart3 } from 'lucide-react';
import { formatCount } from '../../../../domain/numbers';
import { ANALYTICS_RANGES, TOP_SEARCH_MIN_SEARCHERS, type AnalyticsRange } from '../../../../domain/stats-values';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { useAnalytics } from '../api/get-member-figures';
import { RANGE_LABELS, searchesWhere, viewsText, yourViewsText } from '../card-texts';
import { ViewsChart } from './views-chart';

const RANGES = Object.keys(ANALYTICS_RANGES) as AnalyticsRange[];

/** Spec §2 Home (members): views of their own posts over 1h / 24h / 7d, their top posts and the top searches in their area. */
export function AnalyticsDashboard({ userId }: { userId: string }) {
  const [range, setRange] = useState<AnalyticsRange>('24h');
  const analytics = useAnalytics(userId, range);
  const data = analytics.data;
  return (
    <section
      aria-labelledby="analytics-title"
      className="grid content-start gap-3 rounded-2xl border bg-card p-4 shadow-sm lg:min-h-[34rem]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="analytics-title" className="flex items-center gap-2 font-semibold">
          <BarChart3 className="size-5 text-primary" aria-hidden="true" />
          Your views
        </h2>
        <div role="group" aria-label="Range" className="inline-flex rounded-lg border p-0.5">
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              title={RANGE_LABELS[r]}
              onClick={() => setRange(r)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring',
                range === r
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {r}
            </button>
          ))}
        </div>
      </div>
      <p className="text-sm">
        <span className="text-2xl font-bold tabular-nums">{data ? formatCount(data.total) : '–'}</span>{' '}
        <span className="text-muted-foreground">
          {yourViewsText(data?.total, RANGE_LABELS[range].toLowerCase())}
        </span>
      </p>
      {data ? (
        <ViewsChart
          series={data.series}
          daily={range === '7d'}
          label={`Views of your posts, ${RANGE_LABELS[range].toLowerCase()}`}
        />
      ) : (
        <Skeleton className="h-32" />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TopList
          title="Your top posts"
          empty="No views in this range yet."
          rows={data?.topPosts.map((p) => ({ key: p.id, text: p.title, figure: viewsText(p.views) }))}
        />
        <TopList
          title={`Top searches ${data ? searchesWhere(data.area) : ''}`}
          empty={`No search made by ${TOP_SEARCH_MIN_SEARCHERS} or more people in this range yet.`}
          rows={data?.topSearches.map((s) => ({
            key: s.term,
            text: s.term,
            figure: `${formatCount(s.searches)}×`,
          }))}
        />
      </div>
    </section>
  );
}

function TopList({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: Array<{ key: string; text: string; figure: string }> | undefined;
}) {
  return (
    <div className="min-h-40">
      <h3 className="text-sm font-semibold">{title}</h3>
      {!rows ? (
        <Skeleton className="mt-2 h-28" />
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        // One column no wider than the list (minmax(0, 1fr)): a long title is cut short with '…',
        // instead of pushing its figure into the next list.
        <ol className="mt-2 grid grid-cols-1 gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-2">
              <span className="truncate">{row.text}</span>
              <span className="whitespace-nowrap text-muted-foreground tabular-nums">{row.figure}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
