import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { chipLabel, hasActiveFilters, type FilterValues } from './filter-values';

interface FilterChipsProps {
  filters: FilterValues;
  onRemove: (patch: Partial<FilterValues>) => void;
  onClearAll: () => void;
}

/** Removable chips for search, status, amount and distance (no chip for region), and Clear All Filters. */
export function FilterChips({ filters, onRemove, onClearAll }: FilterChipsProps) {
  if (!hasActiveFilters(filters)) return null;
  const chips: { key: string; text: string; patch: Partial<FilterValues> }[] = [];
  if (filters.q.trim()) chips.push({ key: 'q', text: `“${filters.q.trim()}”`, patch: { q: '' } });
  for (const key of ['status', 'amount', 'distance'] as const) {
    if (filters[key] !== 'all')
      chips.push({ key, text: chipLabel(key, filters[key]), patch: { [key]: 'all' } });
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="contents">
        {chips.map((chip) => (
          <li key={chip.key} className="max-w-full min-w-0">
            <button
              type="button"
              onClick={() => onRemove(chip.patch)}
              aria-label={`Remove filter ${chip.text}`}
              className="inline-flex h-8 max-w-full items-center gap-1.5 rounded-full border border-primary/25 bg-primary-soft pr-2 pl-3 text-sm font-medium text-primary-hover transition-colors hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="truncate">{chip.text}</span>
              <X className="size-3.5 shrink-0" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="link" size="sm" className="h-8" onClick={onClearAll}>
        Clear All Filters
      </Button>
    </div>
  );
}
