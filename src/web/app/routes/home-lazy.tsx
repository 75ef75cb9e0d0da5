import { Suspense, type ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { MapView } from '../../features/map';
import { MemberProfileDialog } from '../../features/members';
import { PostDialog } from '../../features/posts';
import { useHydrated } from '../../lib/hydrated';

/*
 * The home screen's heavy parts, each its own chunk (docs/decisions/0040), with what shows while
 * they load. The dialogs of a shared post's or a member's link wait until React has taken over the
 * prerendered page, which holds neither (0088); only they render again then, not the page.
 */

/** A post from the address (`/?post=ID`: a shared link, a card opened). */
export function HomePostDialog(props: ComponentProps<typeof PostDialog>) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <PostDialog {...props} />
    </Suspense>
  );
}

/** A member's profile from the address (`/?member=ID`: a notification, 'My profile'). */
export function HomeMemberDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <MemberProfileDialog key={userId} userId={userId} name="Member profile" onClose={onClose} />
    </Suspense>
  );
}

/** The map view, with 'Loading map...' while Leaflet downloads (spec §2 List states). */
export function HomeMap(props: ComponentProps<typeof MapView>) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="grid h-[65vh] min-h-80 place-items-center rounded-2xl border bg-muted text-muted-foreground"
        >
          <span className="flex items-center gap-2">
            <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
            Loading map...
          </span>
        </div>
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}
