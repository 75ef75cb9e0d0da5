import { useId } from 'react';
import { cn } from '../../../lib/utils';

interface Choice<T extends string> {
  value: T;
  label: string;
  /** Shown disabled and marked 'Soon'. */
  soon?: boolean;
}

/** A set of radio buttons drawn as tiles (audience, channel). */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className={cn('relative', choice.soon && 'cursor-not-allowed')}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.soon}
              onChange={() => onChange(choice.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex h-10 items-center gap-2 rounded-lg border bg-card px-3 text-sm font-medium peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                choice.soon ? 'text-muted-foreground' : 'cursor-pointer hover:bg-muted peer-checked:hover:bg-primary-hover',
              )}
            >
              {choice.label}
              {choice.soon && (
                <span className="rounded-full bg-muted px-2 text-xs font-semibold text-muted-foreground ring-1 ring-border">
                  Soon
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
