import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession, useSignOut } from '../../lib/session-provider';
import { GuestNav } from './guest-nav';
import { MemberNav } from './member-nav';

/** The sticky header of spec §2, on every screen. */
export function SiteHeader() {
  const { user, isLoading } = useSession();
  const logout = useSignOut();
  const signOut = () => logout.mutate();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-4 sm:gap-2 sm:px-6">
        {/* The name shows where the navigation leaves room for it (a member's icons on a phone do
            not): cut to "F…" it would read as a fault. Screen readers always have it. */}
        <div className="@container min-w-0 flex-1">
          <Link to="/" className="inline-flex max-w-full items-center gap-2 rounded-lg align-middle sm:gap-2.5">
            <img src="/favicon.svg" alt="" width="36" height="36" className="size-9 shrink-0" />
            <span className="sr-only min-w-0 leading-tight @min-[9.25rem]:not-sr-only">
              <span className="block truncate text-[15px] font-extrabold tracking-tight sm:text-base">Free Fruit</span>
              <span className="block truncate text-xs font-medium text-muted-foreground">Firewood &amp; Skids</span>
            </span>
          </Link>
        </div>
        <nav aria-label="Main" className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          {isLoading ? (
            <Skeleton className="h-9 w-36 sm:w-64" />
          ) : user ? (
            <MemberNav user={user} onSignOut={signOut} />
          ) : (
            <GuestNav />
          )}
        </nav>
      </div>
    </header>
  );
}
