import type { Analytics } from '../../../../domain/stats';
import { pointLabel, viewsText } from '../card-texts';

const W = 300;
const H = 100;

/**
 * A small bar chart of views per bucket, drawn in SVG (no chart library on the page). The SVG
 * stretches to the card's width; its axis labels are text beside it, not in it, so they are never
 * stretched or cut at the edges ('8:00 AM' … '7:00 AM'): the first starts at the left edge, the last
 * ends at the right one.
 */
export function ViewsChart({
  series,
  daily,
  label,
}: {
  series: Analytics['series'];
  daily: boolean;
  label: string;
}) {
  const max = Math.max(1, ...series.map((s) => s.views));
  const slot = W / Math.max(series.length, 1);
  const peak = series.reduce(
    (best, s) => (s.views > best.views ? s : best),
    series[0] ?? { at: '', views: 0 },
  );
  const summary =
    peak.views > 0 ? `, most ${viewsText(peak.views)} at ${pointLabel(peak.at, daily)}` : ', none yet';
  const ticks = [0, Math.floor((series.length - 1) / 2), series.length - 1].filter(
    (i, n, all) => all.indexOf(i) === n && series[i],
  );
  return (
    <div className="grid gap-1">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-28 w-full"
        role="img"
        aria-label={`${label}${summary}`}
        preserveAspectRatio="none"
      >
        <line x1="0" x2={W} y1={H} y2={H} stroke="var(--color-border)" strokeWidth="1" />
        {series.map((s, i) => {
          const height = (s.views / max) * (H - 4);
          return (
            <rect
              key={s.at}
              x={i * slot + slot * 0.15}
              width={slot * 0.7}
              y={H - height}
              height={height}
              rx="1.5"
              fill="var(--color-primary)"
            >
              <title>{`${pointLabel(s.at, daily)}: ${viewsText(s.views)}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* The chart's name says what matters to a screen reader; these are the axis for the eye. */}
      <div aria-hidden="true" data-chart-axis="" className="flex justify-between gap-2 text-xs whitespace-nowrap text-muted-foreground">
        {ticks.map((i) => (
          <span key={i}>{pointLabel(series[i]!.at, daily)}</span>
        ))}
      </div>
    </div>
  );
}
