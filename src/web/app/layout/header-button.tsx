import type { ComponentProps } from 'react';
import { NavLink } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { CountBadge, unreadText } from '../../components/ui/count-badge';
import { cn } from '../../lib/utils';

type HeaderButtonProps = ComponentProps<typeof Button> & {
  icon: LucideIcon;
  label: string;
  /** Makes it a link to this path instead of a button. */
  to?: string;
  /** Unread items: a badge on the icon, and in words for screen readers. */
  unread?: number;
  /** What the count is, in words for screen readers: 'unread' (the default), 'pending'. */
  countWord?: string;
  /** The label for screen readers and the tooltip only, on every width (the header's row is full). */
  iconOnly?: boolean;
};

/** A header control: icon only on phones (the label stays for screen readers), icon and label from md up. */
export function HeaderButton({
  icon: Icon,
  label,
  to,
  unread = 0,
  countWord = 'unread',
  iconOnly = false,
  className,
  ...props
}: HeaderButtonProps) {
  const content = (
    <>
      <span className="relative inline-flex">
        <Icon aria-hidden="true" />
        <CountBadge count={unread} />
      </span>
      <span className={iconOnly ? 'sr-only' : 'sr-only md:not-sr-only'}>{label}</span>
    </>
  );
  const style = cn('px-2.5 aria-[current=page]:bg-muted', !iconOnly && 'md:px-3', className);
  const title = props.title ?? (iconOnly ? label : undefined);
  // The count in words joins the name as one phrase ('Messages, 3 unread'), the visible label first.
  const name = unread > 0 ? `${label}${unreadText(unread, countWord)}` : undefined;
  if (to) {
    return (
      <Button variant="ghost" size="sm" className={style} asChild aria-label={name} {...props} title={title}>
        <NavLink to={to}>{content}</NavLink>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="sm" className={style} aria-label={name} {...props} title={title}>
      {content}
    </Button>
  );
}
