import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import { SELECT_FILTERS, type FilterValues, type SelectFilter } from './filter-values';

interface FilterSelectsProps {
  filters: FilterValues;
  onChange: (key: SelectFilter, value: string) => void;
  className?: string;
}

/** The four dropdowns of spec §2: status, amount, distance, region. */
export function FilterSelects({ filters, onChange, className }: FilterSelectsProps) {
  const id = useId();
  return (
    <div className={cn('grid gap-3', className)}>
      {SELECT_FILTERS.map(({ key, label, options }) => (
        <div key={key} className="grid gap-1">
          <Label htmlFor={`${id}-${key}`} className="text-xs font-semibold text-muted-foreground">
            {label}
          </Label>
          <Select id={`${id}-${key}`} value={filters[key]} onChange={(e) => onChange(key, e.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      ))}
    </div>
  );
}
