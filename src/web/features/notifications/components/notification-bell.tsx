import type { ComponentProps } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CountBadge, unreadText } from '../../../components/ui/count-badge';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';
import { useBell } from '../api/get-notifications';

const BellPopover = lazyNamed(() => import('./bell-popover'), 'BellPopover');

/**
 * The header's bell (spec §2 Header) for members: the unread count on it ('9+' above 9) and in its
 * name for screen readers; the list opens from it, its code loaded on first use.
 */
export function NotificationBell() {
  const userId = useSession().actor.userId;
  const { unread } = useBell(userId);
  return (
    <DeferredOpen
      trigger={<BellButton unread={unread} />}
      preload={BellPopover.preload}
      render={(trigger) => <BellPopover userId={userId} trigger={trigger} />}
    />
  );
}

function BellButton({ unread, ...props }: ComponentProps<typeof Button> & { unread: number }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="px-2.5"
      aria-label={`Notifications${unreadText(unread)}`}
      title="Notifications"
      {...props}
    >
      <span className="relative inline-flex">
        <Bell aria-hidden="true" />
        <CountBadge count={unread} />
      </span>
    </Button>
  );
}
