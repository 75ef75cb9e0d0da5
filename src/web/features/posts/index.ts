import { lazyNamed } from '../../lib/lazy';

/** The posts feature's public entry: what screens and other features may use of it. */
export { useFavorites } from './api/favorites';
export { usePost } from './api/get-post';
export { postKeys } from './api/post-keys';
export { refreshCards } from './api/update-cache';
export { InstagramIcon } from './components/brand-icons';
export { TypeTabs, UploadButton, ViewToggle, type HomeView } from './components/home-controls';
export { MapAccessNote } from './components/list-states';
export { LocalPosts } from './components/local-posts';
export { OwnerAvatar } from './components/owner-avatar';
export { PostGrid, PostGridSkeleton } from './components/post-grid';
export { PostsList } from './components/posts-list';
export { FilterBar } from './filters/filter-bar';
export { emptyListHint, filterQuery, hasActiveFilters } from './filters/filter-values';
export { usePostFilters } from './filters/use-post-filters';
export { useViewerOrigin } from './filters/viewer-origin';

/** The create dialog (spec §2 dialog 10), in its own chunk (docs/decisions/0040). */
export const CreatePostDialog = lazyNamed(
  () => import('./components/create/create-post-dialog'),
  'CreatePostDialog',
);
/** One post in a dialog: a shared link or the map's View Details. */
export const PostDialog = lazyNamed(() => import('./components/post-dialog'), 'PostDialog');
