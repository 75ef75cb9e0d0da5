import { Suspense, type ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { lazyNamed } from '../../lib/lazy';

/** The home screen's heavy parts, each its own chunk (docs/decisions/0040). */
export const CreatePostDialog = lazyNamed(
  () => import('../../features/posts/components/create/create-post-dialog'),
  'CreatePostDialog',
);
const PostDialog = lazyNamed(() => import('../../features/posts/components/post-dialog'), 'PostDialog');
const MapView = lazyNamed(() => import('../../features/map/components/map-view'), 'MapView');

export function HomePostDialog(props: { postId: string; near: string | null; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <PostDialog {...props} />
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
