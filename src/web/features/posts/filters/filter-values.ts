import {
  AMOUNT_FILTERS,
  DISTANCE_FILTERS,
  POST_TYPES,
  REGION_FILTERS,
  REGION_LABELS,
  STATUS_FILTERS,
  STATUS_INFO,
  type AmountFilter,
  type DistanceFilter,
  type PostTypeValue,
  type RegionFilter,
  type StatusFilter,
} from '../../../../domain/post-values';

/** The home screen's filters (spec §2, §3), as they live in the URL. */
export interface FilterValues {
  type: PostTypeValue;
  q: string;
  status: StatusFilter;
  amount: AmountFilter;
  distance: DistanceFilter;
  region: RegionFilter;
}
export type SelectFilter = 'status' | 'amount' | 'distance' | 'region';

export const DEFAULT_FILTERS: FilterValues = {
  type: 'fruit',
  q: '',
  status: 'all',
  amount: 'all',
  distance: 'all',
  region: 'all',
};

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads the filters from the URL; unknown values fall back to 'all' (or fruit for the type). */
export function filtersFromParams(params: URLSearchParams): FilterValues {
  return {
    type: pick(POST_TYPES, params.get('type'), 'fruit'),
    q: (params.get('q') ?? '').slice(0, 100),
    status: pick(STATUS_FILTERS, params.get('status'), 'all'),
    amount: pick(AMOUNT_FILTERS, params.get('amount'), 'all'),
    distance: pick(DISTANCE_FILTERS, params.get('distance'), 'all'),
    region: pick(REGION_FILTERS, params.get('region'), 'all'),
  };
}

/** Filters count as active when any value differs from all (spec §2). */
export function hasActiveFilters(f: FilterValues): boolean {
  return (
    f.q.trim() !== '' ||
    f.status !== 'all' ||
    f.amount !== 'all' ||
    f.distance !== 'all' ||
    f.region !== 'all'
  );
}

/** What the empty list suggests when filters hide every post; null when no filter is on. */
export function emptyListHint(f: FilterValues): string | null {
  if (!hasActiveFilters(f)) return null;
  if (f.distance !== 'all') return 'Try a wider distance or clear the filters.';
  const onlySearch = f.status === 'all' && f.amount === 'all' && f.region === 'all';
  return onlySearch ? 'Try other words or clear the search.' : 'Try other filters or clear them.';
}

/** The API query for these filters: 'all' and empty values are left out. */
export function filterQuery(f: FilterValues, near: string | null): URLSearchParams {
  const query = new URLSearchParams({ type: f.type });
  if (f.q.trim()) query.set('q', f.q.trim());
  for (const key of ['status', 'amount', 'distance', 'region'] as const) {
    if (f[key] !== 'all') query.set(key, f[key]);
  }
  if (near) query.set('near', near);
  return query;
}

interface FilterField<K extends SelectFilter> {
  key: K;
  label: string;
  options: readonly { value: FilterValues[K]; label: string }[];
}

const option = <T extends string>(value: T, label: string) => ({ value, label });

/** The four dropdowns, in the spec's order, with the texts their options and chips show. */
export const SELECT_FILTERS = [
  {
    key: 'status',
    label: 'Status',
    options: STATUS_FILTERS.map((v) => option(v, v === 'all' ? 'All statuses' : STATUS_INFO[v].label)),
  } satisfies FilterField<'status'>,
  {
    key: 'amount',
    label: 'Amount',
    options: [
      option('all', 'Any amount'),
      option('small', 'Small amount'),
      option('medium', 'Medium amount'),
      option('large', 'Large amount'),
    ],
  } satisfies FilterField<'amount'>,
  {
    key: 'distance',
    label: 'Distance',
    options: [
      option('all', 'Any distance'),
      option('1mile', '1 mile'),
      option('5miles', '5 miles'),
      option('10miles', '10 miles'),
    ],
  } satisfies FilterField<'distance'>,
  {
    key: 'region',
    label: 'Region',
    options: REGION_FILTERS.map((v) => option(v, v === 'all' ? 'All regions' : REGION_LABELS[v])),
  } satisfies FilterField<'region'>,
] as const;

export function optionLabel(key: SelectFilter, value: string): string {
  const field = SELECT_FILTERS.find((f) => f.key === key);
  return field?.options.find((o) => o.value === value)?.label ?? value;
}

/** The text of a filter's chip: the option, and 'Within …' for a distance. */
export function chipLabel(key: SelectFilter, value: string): string {
  const label = optionLabel(key, value);
  return key === 'distance' ? `Within ${label}` : label;
}
