import { describe, expect, it } from 'vitest';
import { impactOf } from '../../../domain/stats';
import {
  areaFilter,
  communityFigures,
  impactFigures,
  isAreaActive,
  POPULAR_COUNTS,
  TRENDING_COUNTS,
  viewsText,
  yourViewsText,
} from './card-texts';

describe('the community stats card', () => {
  it('shows the four figures, each saying what it counts, pounds marked estimated with the formula', () => {
    expect(
      communityFigures({ postsShared: 1234, members: 56, postsGivenAway: 7, estimatedLbsSaved: 84 }),
    ).toEqual([
      { label: 'Posts shared', value: '1,234', counts: 'Posts up on the site now, every type' },
      { label: 'Members', value: '56', counts: 'Registered accounts' },
      { label: 'Posts given away', value: '7', counts: "Posts their owner marked 'Unavailable'" },
      {
        label: 'Pounds saved',
        value: '84 lbs',
        counts: 'Estimated: 12 lbs for each post given away',
        estimated: true,
      },
    ]);
  });

  it('says views as counted, and what trending and popular locations count', () => {
    expect(viewsText(1)).toBe('1 view');
    expect(viewsText(1500)).toBe('1,500 views');
    expect(yourViewsText(1, 'last 24 hours')).toBe('view (once per person a day) of your posts, last 24 hours');
    expect(yourViewsText(0, 'last 7 days')).toBe('views (once per person a day) of your posts, last 7 days');
    expect(yourViewsText(undefined, 'last 7 days')).toBe('views (once per person a day) of your posts, last 7 days');
    expect(TRENDING_COUNTS).toBe('Most views (once per person a day) over 7 days, newer days weighing more');
    expect(POPULAR_COUNTS).toBe('Towns and areas with the most posts of any kind in the last 30 days');
  });
});

describe('popular areas as filters', () => {
  it('searches for the area, a region’s name too, as the chip counts by the town of the address (0147)', () => {
    expect(areaFilter('Kawartha Lakes')).toEqual({ region: 'all', q: 'Kawartha Lakes' });
    expect(areaFilter('Toronto')).toEqual({ region: 'all', q: 'Toronto' });
    expect(areaFilter('Etobicoke')).toEqual({ region: 'all', q: 'Etobicoke' });
    expect(isAreaActive('Etobicoke', { region: 'all', q: 'etobicoke ' })).toBe(true);
    expect(isAreaActive('Etobicoke', { region: 'toronto', q: 'Etobicoke' })).toBe(false);
    expect(isAreaActive('Muskoka', { region: 'muskoka', q: '' })).toBe(false);
    expect(isAreaActive('Muskoka', { region: 'all', q: 'Muskoka' })).toBe(true);
  });
});

describe('the impact card', () => {
  it('states each estimate’s formula beside its figure', () => {
    const figures = impactFigures(
      impactOf({
        postsCreated: 6,
        postsGivenAway: 5,
        firewoodPosts: 3,
        totalViews: 42,
        communitiesHelped: 2,
      }),
    );
    expect(figures.map((f) => [f.label, f.value, f.counts])).toEqual([
      ['Posts created', '6', 'Posts you shared that are still up'],
      ['Total views', '42', 'Of your posts, views (once per person a day)'],
      ['Waste prevented', '60 lbs', 'Estimated: 12 lbs for each post given away'],
      ['Money saved', '$120', 'Estimated: $2 for each estimated pound'],
      ['Communities helped', '2', 'Different areas your posts are in'],
      ['Carbon kept out', '30 kg CO2e', 'Estimated: 0.5 kg CO2e for each estimated pound'],
    ]);
    expect(figures.filter((f) => f.estimated).map((f) => f.label)).toEqual([
      'Waste prevented',
      'Money saved',
      'Carbon kept out',
    ]);
  });
});
