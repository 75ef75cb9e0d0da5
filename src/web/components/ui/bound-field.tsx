import type { ComponentProps, ReactNode } from 'react';
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { Field, FormField, type ControlProps } from './form-field';

type BoundFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof FormField>,
  'form' | 'name' | 'error' | 'children'
> & {
  /** The form (what `useForm` returns) the field belongs to. */
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  name: Path<T>;
  /** A control other than an Input (a Textarea, a Select), given the ids, aria wiring and registration. */
  children?: (control: ControlProps & UseFormRegisterReturn<Path<T>>) => ReactNode;
};

/**
 * A labelled field of a react-hook-form form: the control registered under `name`, with the field's
 * validation message shown and tied to it (aria-invalid, aria-describedby). An Input, unless
 * `children` renders another control.
 */
export function BoundField<T extends FieldValues>({ form, name, children, ...props }: BoundFieldProps<T>) {
  const error = get<unknown, FieldError | undefined>(form.formState.errors, name)?.message;
  const registration = form.register(name);
  if (!children) return <FormField {...props} error={error} {...registration} />;
  const { label, hint, id, className } = props;
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => children({ ...control, ...registration })}
    </Field>
  );
}
