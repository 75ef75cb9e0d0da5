import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string | undefined;
  className?: string;
}

/** What a Field hands its control: the id its label points at, and the aria wiring. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and validation message, tied together (aria-describedby, aria-invalid). */
export function Field({
  label,
  hint,
  error,
  id,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    // content-start: beside a field with a hint or a message, the label and control stay in line.
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type FormFieldProps = ComponentProps<typeof Input> & FieldProps;

/** A labelled input. */
export function FormField({ label, hint, error, id, className, ...props }: FormFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <Input {...control} {...props} />}
    </Field>
  );
}
