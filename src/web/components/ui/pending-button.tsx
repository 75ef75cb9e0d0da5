import type { ComponentProps } from 'react';
import { LoaderCircle, type LucideIcon } from 'lucide-react';
import { Button } from './button';
import { cn } from '../../lib/utils';

/**
 * A card form's submit button: its icon, or a spinner and disabled (aria-busy) while the request
 * runs. Sized to its label, at the start of the form.
 */
export function PendingButton({ pending, icon: Icon, className, children, ...props }: Omit<ComponentProps<typeof Button>, 'type'> & { pending: boolean; icon: LucideIcon }) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} className={cn('justify-self-start', className)} {...props}>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {children}
    </Button>
  );
}
