import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { guestBadgeOf, joinTextOf } from '../../lib/session';
import { useSession } from '../../lib/session-provider';
import { HeaderButton } from './header-button';
import { HowItWorksButton } from './header-dialogs';
import { StatusBadge } from './status-badge';

/**
 * Spec §2 header for guests: How it Works, Favorites, Sign In, Start Free Trial ('Trial' on
 * phones); a guest holding a pass sees until when beside them, where there is room (0142), and a
 * guest whose access never ends is asked to create an account instead (0148).
 */
export function GuestNav() {
  // From the grants at this render: the session renders its readers again when one ends.
  const { actor } = useSession();
  const now = new Date();
  const badge = guestBadgeOf(actor, now);
  const join = joinTextOf(actor, now);
  return (
    <>
      <HowItWorksButton />
      <HeaderButton icon={Heart} label="Favorites" to="/favorites" />
      {badge && <StatusBadge text={badge} className="mx-1 hidden lg:inline-flex" />}
      <Button variant="ghost" size="sm" className="px-2 sm:px-3" asChild>
        <Link to="/login">Sign In</Link>
      </Button>
      <Button variant="accent" size="sm" className="px-2.5 sm:px-3" asChild>
        <Link to="/register">
          {/* One name on every width: 'Trial' alone says little read out. */}
          <span className="sm:hidden" aria-hidden="true">
            {join.short}
          </span>
          <span className="max-sm:sr-only">{join.label}</span>
        </Link>
      </Button>
    </>
  );
}
