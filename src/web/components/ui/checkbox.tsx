import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A native checkbox in the theme's colour; pair it with a Label. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
        className,
      )}
      {...props}
    />
  );
}
