import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { LogOut, Receipt, Settings, UserRound } from 'lucide-react';
import type { PublicUser } from '../../../domain/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { StatusBadge } from './status-badge';

interface ProfileMenuProps {
  user: PublicUser;
  badge: string | null;
  onSignOut: () => void;
  /** The button that opens the menu (the header shows it before this code loads). */
  trigger: ReactElement;
}

/** Loaded on first use and opened at once (docs/decisions/0040). */
export function ProfileMenu({ user, badge, onSignOut, trigger }: ProfileMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate font-semibold">{user.username}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          {badge && <StatusBadge text={badge} className="mt-1.5 justify-self-start" />}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* The member's own profile as neighbours see it, where they ask for a badge (DECISIONS 16). */}
        <DropdownMenuItem asChild>
          <Link to={`/?${new URLSearchParams({ member: user.id })}`}>
            <UserRound aria-hidden="true" />
            My profile
          </Link>
        </DropdownMenuItem>
        {/* The account's receipts and referral credit live on /subscribe (docs/decisions/0082). */}
        <DropdownMenuItem asChild>
          <Link to="/subscribe#receipts">
            <Receipt aria-hidden="true" />
            Receipts and credit
          </Link>
        </DropdownMenuItem>
        {/* Download one's data, or close the account (DECISIONS 17). */}
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden="true" />
            Your account and data
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
