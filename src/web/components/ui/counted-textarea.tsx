import { useId, type ComponentProps } from 'react';
import { Label } from './label';
import { Textarea } from './textarea';

interface CountedTextareaProps extends Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'maxLength'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The most characters it takes: the spec's limit, shown live as 'n/max characters'. */
  max: number;
}

/** A labelled textarea with its live counter, 'n/500 characters' (spec §2, §5), read with the field. */
export function CountedTextarea({ label, value, onValueChange, max, id, ...props }: CountedTextareaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const counterId = `${fieldId}-counter`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea
        id={fieldId}
        value={value}
        maxLength={max}
        onChange={(e) => onValueChange(e.target.value)}
        aria-describedby={counterId}
        {...props}
      />
      <p id={counterId} className="text-right text-xs text-muted-foreground">
        {value.length}/{max} characters
      </p>
    </div>
  );
}
