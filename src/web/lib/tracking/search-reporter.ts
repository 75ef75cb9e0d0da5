import { searchTerm } from '../../../domain/stats-values';
import type { PostTypeValue, RegionFilter } from '../../../domain/post-values';
import type { Timers } from './view-batcher';

/** The pause after the last change of a search before it is reported (spec §9). */
export const SEARCH_PAUSE_MS = 500;

export interface SearchReport {
  query: string;
  category: PostTypeValue;
  region?: RegionFilter;
}

/**
 * A search reported after a SEARCH_PAUSE_MS pause and only when longer than two characters (spec
 * §9): one report per settled search, none for the same words twice in a row.
 */
export function createSearchReporter(
  report: (search: SearchReport) => void,
  timers: Timers,
  pauseMs = SEARCH_PAUSE_MS,
) {
  let timer: unknown = null;
  let last: string | null = null;
  return {
    typed(search: SearchReport) {
      if (timer !== null) timers.clear(timer);
      timer = null;
      const term = searchTerm(search.query);
      if (!term) return;
      timer = timers.set(() => {
        timer = null;
        const key = `${search.category}|${search.region ?? 'all'}|${term}`;
        if (key === last) return;
        last = key;
        report({ ...search, query: term });
      }, pauseMs);
    },
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
