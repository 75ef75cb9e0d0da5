import { createContext, use } from 'react';

/** Who is looking at the posts, as the posts screens need it. The app provides it from the session. */
export interface PostsViewer {
  userId: string | null;
  isAdmin: boolean;
  /** Full viewing access (spec §4 Access). Only displayed: the server decides what it sends. */
  canView: boolean;
  /** True until the session check has answered. */
  isLoading: boolean;
}

export const PostsViewerContext = createContext<PostsViewer>({
  userId: null,
  isAdmin: false,
  canView: false,
  isLoading: true,
});

export function usePostsViewer(): PostsViewer {
  return use(PostsViewerContext);
}

/**
 * The viewer sees the free preview only (DECISIONS 7), as far as the screens know: not while the
 * session check is still under way.
 */
export function isPreviewOnly(viewer: PostsViewer): boolean {
  return !viewer.canView && !viewer.isLoading;
}
