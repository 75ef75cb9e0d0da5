import { formatCount } from '../../../domain/numbers';
import { REGION_LABELS, type RegionFilter } from '../../../domain/post-values';
import type { CommunityFigures, Impact } from '../../../domain/stats';
import { FORMULAS, POPULAR_DAYS, TRENDING_DAYS, VIEWS_COUNTED } from '../../../domain/stats-values';

/** A figure of a card: its value, its name, and what it counts (DECISIONS 10, 27: each card says what it counts). */
export interface Figure {
  label: string;
  value: string;
  counts: string;
  estimated?: boolean;
}

/** The community stats card: four figures from the database, the estimate marked as one. */
export function communityFigures(
  f: Pick<CommunityFigures, 'postsShared' | 'members' | 'postsGivenAway' | 'estimatedLbsSaved'>,
): Figure[] {
  return [
    {
      label: 'Posts shared',
      value: formatCount(f.postsShared),
      counts: 'Posts up on the site now, every type',
    },
    { label: 'Members', value: formatCount(f.members), counts: 'Registered accounts' },
    {
      label: 'Posts given away',
      value: formatCount(f.postsGivenAway),
      counts: "Posts their owner marked 'Unavailable'",
    },
    {
      label: 'Pounds saved',
      value: `${formatCount(f.estimatedLbsSaved)} lbs`,
      counts: `Estimated: ${FORMULAS.waste}`,
      estimated: true,
    },
  ];
}

/** '1 view' / 'N views', the unit every view figure uses. */
export const viewsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'view' : 'views'}`;

/** What the analytics card's total counts, after the figure: '1 view (…) of your posts, last 24 hours'. */
export const yourViewsText = (n: number | undefined, range: string) =>
  `${n === 1 ? 'view' : 'views'} (${VIEWS_COUNTED}) of your posts, ${range}`;

/** What the trending card counts. */
export const TRENDING_COUNTS = `Most ${FORMULAS.views} over ${TRENDING_DAYS} days, newer days weighing more`;
/** What the popular locations card counts. */
export const POPULAR_COUNTS = `Towns and areas with the most posts of any kind in the last ${POPULAR_DAYS} days`;

/**
 * What clicking a popular area sets in the list's filters: the area is searched for in the posts'
 * words, where each post's area is (docs/decisions/0087, 0106). The chip counts posts by the town
 * their address names, and so does the search. A region's name is searched too, not filtered by
 * region: 'Toronto 26' counted 8 posts at '…, Toronto' that the Scarborough region holds (0147).
 */
export function areaFilter(area: string): { region: RegionFilter; q: string } {
  return { region: 'all', q: area };
}

/** Whether the list is filtered by this area now. */
export const isAreaActive = (area: string, filters: { region: RegionFilter; q: string }) => {
  const wanted = areaFilter(area);
  return wanted.region === filters.region && wanted.q.toLowerCase() === filters.q.trim().toLowerCase();
};

/** The impact card's figures, each estimate with its formula (spec §3 Impact record). */
export function impactFigures(i: Impact): Figure[] {
  return [
    {
      label: 'Posts created',
      value: formatCount(i.postsCreated),
      counts: 'Posts you shared that are still up',
    },
    { label: 'Total views', value: formatCount(i.totalViews), counts: `Of your posts, ${FORMULAS.views}` },
    {
      label: 'Waste prevented',
      value: `${formatCount(i.estimatedWastePrevented)} lbs`,
      counts: `Estimated: ${FORMULAS.waste}`,
      estimated: true,
    },
    {
      label: 'Money saved',
      value: `$${formatCount(i.estimatedMoneySaved)}`,
      counts: `Estimated: ${FORMULAS.money}`,
      estimated: true,
    },
    {
      label: 'Communities helped',
      value: formatCount(i.communitiesHelped),
      counts: 'Different areas your posts are in',
    },
    {
      label: 'Carbon kept out',
      value: `${i.carbonFootprintReduced} kg CO2e`,
      counts: `Estimated: ${FORMULAS.carbon}`,
      estimated: true,
    },
  ];
}

/** The analytics dashboard's range buttons (spec §9). */
export const RANGE_LABELS = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' } as const;

/** The top searches' heading: where they come from. */
export const searchesWhere = (area: RegionFilter) =>
  area === 'all' ? 'everywhere' : `in ${REGION_LABELS[area]}`;

/** The x-axis label of a chart point: a time for hours, a weekday for days. */
export function pointLabel(at: string, daily: boolean): string {
  const date = new Date(at);
  return daily
    ? date.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })
    : date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
