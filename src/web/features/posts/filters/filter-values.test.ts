import { describe, expect, it } from 'vitest';
import {
  chipLabel,
  DEFAULT_FILTERS,
  emptyListHint,
  filterQuery,
  filtersFromParams,
  hasActiveFilters,
} from './filter-values';

describe('home filters in the URL', () => {
  it('reads known values and falls back to the defaults for unknown ones', () => {
    const f = filtersFromParams(
      new URLSearchParams('type=skids&q=pallets&status=limited&amount=huge&distance=5miles&region=mars'),
    );
    expect(f).toEqual({
      type: 'skids',
      q: 'pallets',
      status: 'limited',
      amount: 'all',
      distance: '5miles',
      region: 'all',
    });
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(DEFAULT_FILTERS);
  });

  it('suggests what to change when filters hide every post', () => {
    expect(emptyListHint(DEFAULT_FILTERS)).toBeNull();
    expect(emptyListHint({ ...DEFAULT_FILTERS, q: 'pears' })).toBe('Try other words or clear the search.');
    expect(emptyListHint({ ...DEFAULT_FILTERS, q: 'pears', distance: '1mile' })).toBe('Try a wider distance or clear the filters.');
    expect(emptyListHint({ ...DEFAULT_FILTERS, status: 'limited' })).toBe('Try other filters or clear them.');
  });

  it('counts filters as active when any value differs from all (spec §2)', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, type: 'skids' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, q: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, region: 'muskoka' })).toBe(true);
  });

  it('sends only the filters that are set, the trimmed search and the viewer location', () => {
    const query = filterQuery({ ...DEFAULT_FILTERS, q: ' apples ', distance: '1mile' }, '43.6500,-79.3800');
    expect(query.toString()).toBe('type=fruit&q=apples&distance=1mile&near=43.6500%2C-79.3800');
    expect(filterQuery(DEFAULT_FILTERS, null).toString()).toBe('type=fruit');
  });

  it('labels the chips', () => {
    expect(chipLabel('distance', '10miles')).toBe('Within 10 miles');
    expect(chipLabel('amount', 'large')).toBe('Large amount');
    expect(chipLabel('status', 'available')).toBe('Available');
  });
});
