import type { ComponentProps } from 'react';
import { ChevronDown, Heart, Mail, ShieldCheck } from 'lucide-react';
import type { PublicUser } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { DeferredOpen } from '../../components/ui/deferred-open';
import { useAdminPending } from '../../features/admin';
import { useUnreadMessages } from '../../features/messages';
import { NotificationBell } from '../../features/notifications';
import { OwnerAvatar } from '../../features/posts';
import { lazyNamed } from '../../lib/lazy';
import { badgeOf } from '../../lib/session';
import { useSession } from '../../lib/session-provider';
import { HeaderButton } from './header-button';
import { HowItWorksButton, SafetyGuidelinesButton } from './header-dialogs';
import { StatusBadge } from './status-badge';

const ProfileMenu = lazyNamed(() => import('./profile-menu'), 'ProfileMenu');

interface MemberNavProps {
  user: PublicUser;
  onSignOut: () => void;
}

/**
 * Spec §2 header for members: guides, Favorites, Messages with its unread count (DECISIONS 14), the
 * notification bell, for admins the link to /admin with what waits (issue 19), name and status badge
 * (large screens), profile menu.
 */
export function MemberNav({ user, onSignOut }: MemberNavProps) {
  // From the grants at this render: the session renders its readers again when one ends.
  const { actor } = useSession();
  const badge = badgeOf(actor, new Date());
  const unreadMessages = useUnreadMessages(actor.userId);
  const pendingForAdmin = useAdminPending(actor.isAdmin);
  return (
    <>
      <HowItWorksButton />
      <SafetyGuidelinesButton />
      <HeaderButton icon={Heart} label="Favorites" to="/favorites" />
      <HeaderButton icon={Mail} label="Messages" to="/messages" unread={unreadMessages} iconOnly />
      <NotificationBell />
      {actor.isAdmin && (
        <HeaderButton icon={ShieldCheck} label="Admin" to="/admin" unread={pendingForAdmin} countWord="pending" iconOnly />
      )}
      <div className="ml-2 hidden items-center gap-2 lg:flex">
        <span className="max-w-40 truncate text-sm font-semibold">{user.username}</span>
        {badge && <StatusBadge text={badge} />}
      </div>
      <DeferredOpen
        trigger={<ProfileTrigger username={user.username} />}
        preload={ProfileMenu.preload}
        render={(trigger) => (
          <ProfileMenu user={user} badge={badge} onSignOut={onSignOut} trigger={trigger} />
        )}
      />
    </>
  );
}

function ProfileTrigger({ username, ...props }: ComponentProps<typeof Button> & { username: string }) {
  return (
    <Button variant="ghost" size="sm" className="gap-1 pr-1.5 pl-1" aria-label="Profile menu" {...props}>
      {/* The avatar of the member's posts (spec §2 post card), when they keep the default owner name. */}
      <OwnerAvatar name={username} className="size-8" />
      <ChevronDown className="text-muted-foreground" aria-hidden="true" />
    </Button>
  );
}
