import { createContext, use } from 'react';
import type { Post } from '../../../domain/posts';

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

/** Owners and admins may change a post (DECISIONS 2); the server checks the same rule. */
export function canManagePost(viewer: PostsViewer, post: Pick<Post, 'userId'>): boolean {
  return viewer.isAdmin || (viewer.userId !== null && post.userId === viewer.userId);
}
