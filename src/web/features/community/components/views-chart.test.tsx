import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pointLabel } from '../card-texts';
import { ViewsChart } from './views-chart';

const HOUR = 3_600_000;
const start = Date.parse('2026-11-28T08:00:00Z');
const series = Array.from({ length: 24 }, (_, i) => ({ at: new Date(start + i * HOUR).toISOString(), views: i % 5 }));

/** The member's 'Your views' chart (spec §2 Home, members), as the browser gets it. */
describe('ViewsChart', () => {
  it('writes its axis labels beside the stretched SVG, first at the left edge and last at the right, never in it', () => {
    const html = renderToStaticMarkup(<ViewsChart series={series} daily={false} label="Views of your posts, last 24 hours" />);
    const svg = /<svg[\s\S]*<\/svg>/.exec(html)![0];
    // In the SVG (preserveAspectRatio none) text was stretched with the bars and its ends cut.
    expect(svg).not.toContain('<text');
    const axis = /<div aria-hidden="true" data-chart-axis=""[^>]*>([\s\S]*?)<\/div>/.exec(html)!;
    expect(axis[0]).toContain('justify-between');
    const labels = [...axis[1]!.matchAll(/<span>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual([pointLabel(series[0]!.at, false), pointLabel(series[11]!.at, false), pointLabel(series[23]!.at, false)]);
  });

  it('names the chart and its busiest hour for screen readers', () => {
    const html = renderToStaticMarkup(<ViewsChart series={series} daily={false} label="Views of your posts, last 24 hours" />);
    expect(html).toContain(`aria-label="Views of your posts, last 24 hours, most 4 views at ${pointLabel(series[4]!.at, false)}"`);
  });
});
