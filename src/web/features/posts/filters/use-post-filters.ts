import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_FILTERS, filtersFromParams, type FilterValues } from './filter-values';

const FILTER_KEYS = ['q', 'status', 'amount', 'distance', 'region'] as const;

/**
 * The filters and the post type, kept in the URL's search params so a filtered view can be
 * shared and survives a reload. Other params (view, post) are left alone. Each change starts from
 * the address bar as it is now, so two quick changes in a row both stay.
 */
const currentParams = () => new URLSearchParams(window.location.search);

export function usePostFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilters = useCallback(
    (patch: Partial<FilterValues>) =>
      setParams(
        () => {
          const next = currentParams();
          for (const [key, value] of Object.entries(patch)) {
            const isDefault = value === DEFAULT_FILTERS[key as keyof FilterValues] && key !== 'type';
            if (isDefault || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams(
        () => {
          const next = currentParams();
          for (const key of FILTER_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { filters, setFilters, clearFilters };
}
