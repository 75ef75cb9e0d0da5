import type { Analytics } from '../../../../domain/stats';
import { pointLabel, viewsText } from '../card-texts';

const W = 300;
const H = 100;
const AXIS = 14;

/** A small bar chart of views per bucket, drawn in SVG (no chart library on the page). */
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
    <svg
      viewBox={`0 0 ${W} ${H + AXIS}`}
      className="h-32 w-full"
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
      {ticks.map((i) => (
        <text
          key={i}
          x={Math.min(Math.max(i * slot + slot / 2, 16), W - 16)}
          y={H + AXIS - 2}
          textAnchor="middle"
          fontSize="9"
          fill="var(--color-muted-foreground)"
        >
          {pointLabel(series[i]!.at, daily)}
        </text>
      ))}
    </svg>
  );
}
