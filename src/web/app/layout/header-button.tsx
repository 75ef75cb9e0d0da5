import type { ComponentProps } from 'react';
import { NavLink } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';

type HeaderButtonProps = ComponentProps<typeof Button> & {
  icon: LucideIcon;
  label: string;
  /** Makes it a link to this path instead of a button. */
  to?: string;
};

/** A header control: icon only on phones (the label stays for screen readers), icon and label from md up. */
export function HeaderButton({ icon: Icon, label, to, className, ...props }: HeaderButtonProps) {
  const content = (
    <>
      <Icon aria-hidden="true" />
      <span className="sr-only md:not-sr-only">{label}</span>
    </>
  );
  const style = cn('px-2.5 md:px-3 aria-[current=page]:bg-muted', className);
  if (to) {
    return (
      <Button variant="ghost" size="sm" className={style} asChild {...props}>
        <NavLink to={to}>{content}</NavLink>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="sm" className={style} {...props}>
      {content}
    </Button>
  );
}
