import { useLayoutEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { chipLabel, hasActiveFilters, type FilterValues } from './filter-values';

interface FilterChipsProps {
  filters: FilterValues;
  onRemove: (patch: Partial<FilterValues>) => void;
  /** Clears every filter and puts focus in the search box (routes/home.tsx). */
  onClearAll: () => void;
  /** Where keyboard focus goes once no chip is left (the search box). */
  focusAfterLast: () => void;
}

/**
 * Removable chips for search, status, amount and distance (no chip for region), and Clear All
 * Filters. A removed chip hands focus to the chip that takes its place (or the one before it),
 * and the last one to the search box, as Clear All Filters does: focus never drops to the page.
 */
export function FilterChips({ filters, onRemove, onClearAll, focusAfterLast }: FilterChipsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // The chip removed and its place, until the URL drops it.
  const removed = useRef<{ key: string; index: number } | null>(null);
  useLayoutEffect(() => {
    if (!removed.current) return;
    const { key, index } = removed.current;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-chip]') ?? [])];
    if (buttons.some((b) => b.dataset.chip === key)) return;
    removed.current = null;
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else focusAfterLast();
  });
  const remove = (key: string, index: number, patch: Partial<FilterValues>) => {
    removed.current = { key, index };
    onRemove(patch);
  };

  if (!hasActiveFilters(filters)) return null;
  const chips: { key: string; text: string; patch: Partial<FilterValues> }[] = [];
  if (filters.q.trim()) chips.push({ key: 'q', text: `“${filters.q.trim()}”`, patch: { q: '' } });
  for (const key of ['status', 'amount', 'distance'] as const) {
    if (filters[key] !== 'all')
      chips.push({ key, text: chipLabel(key, filters[key]), patch: { [key]: 'all' } });
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul ref={listRef} aria-label="Active filters" className="contents">
        {chips.map((chip, index) => (
          <li key={chip.key} className="max-w-full min-w-0">
            <button
              type="button"
              data-chip={chip.key}
              onClick={() => remove(chip.key, index, chip.patch)}
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
