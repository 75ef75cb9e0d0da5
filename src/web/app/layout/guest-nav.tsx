import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { HeaderButton } from './header-button';
import { HowItWorksButton } from './header-dialogs';

/** Spec §2 header for guests: How it Works, Favorites, Sign In, Start Free Trial ('Trial' on phones). */
export function GuestNav() {
  return (
    <>
      <HowItWorksButton />
      <HeaderButton icon={Heart} label="Favorites" to="/favorites" />
      <Button variant="ghost" size="sm" className="px-2 sm:px-3" asChild>
        <Link to="/login">Sign In</Link>
      </Button>
      <Button variant="accent" size="sm" className="px-2.5 sm:px-3" asChild>
        <Link to="/register">
          {/* One name on every width: 'Trial' alone says little read out. */}
          <span className="sm:hidden" aria-hidden="true">
            Trial
          </span>
          <span className="max-sm:sr-only">Start Free Trial</span>
        </Link>
      </Button>
    </>
  );
}
