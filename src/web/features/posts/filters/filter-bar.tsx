import { useId, useState, type RefObject } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FilterChips } from './filter-chips';
import { FilterSelects } from './filter-selects';
import type { FilterValues, SelectFilter } from './filter-values';
import { SearchInput } from './search-input';
import { OriginLine } from './origin-line';
import type { ViewerOrigin } from './viewer-origin';

interface FilterBarProps {
  filters: FilterValues;
  origin: ViewerOrigin;
  onChange: (patch: Partial<FilterValues>) => void;
  onClearAll: () => void;
  /** The search box, where focus goes once no filter is left to remove. */
  searchRef: RefObject<HTMLInputElement | null>;
}

/** Spec §2 filter bar: search, four dropdowns (a collapsible panel on phones, a row from md up), chips. */
export function FilterBar({ filters, origin, onChange, onClearAll, searchRef }: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const setSelect = (key: SelectFilter, value: string) => onChange({ [key]: value });
  const selected = (['status', 'amount', 'distance', 'region'] as const).filter(
    (k) => filters[k] !== 'all',
  ).length;

  return (
    <div className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-3 shadow-sm sm:p-4">
      {/* Phones: the search on a line of its own, so its placeholder is read whole, and Filters below. */}
      <div className="grid gap-2 md:flex">
        <SearchInput value={filters.q} onSearch={(q) => onChange({ q })} inputRef={searchRef} />
        <Button
          variant="outline"
          className="h-11 w-full md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {selected > 0 && (
            <>
              <span
                aria-hidden="true"
                className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground"
              >
                {selected}
              </span>
              <span className="sr-only">({selected} selected)</span>
            </>
          )}
        </Button>
      </div>
      <FilterSelects filters={filters} onChange={setSelect} className="hidden md:grid md:grid-cols-4" />
      <div id={panelId} hidden={!open} className="md:hidden">
        <FilterSelects filters={filters} onChange={setSelect} className="grid-cols-2" />
      </div>
      <OriginLine origin={origin} />
      <FilterChips
        filters={filters}
        onRemove={onChange}
        onClearAll={onClearAll}
        focusAfterLast={() => searchRef.current?.focus()}
      />
    </div>
  );
}
