import { useMemo, type ReactNode } from 'react';
import { userHasViewingAccess } from '../../../domain/access';
import { useAuth } from '../../features/auth/components/auth-provider';
import { PostsViewerContext, type PostsViewer } from '../../features/posts/viewer';

/** Hands the session to the posts feature, so features do not import each other. */
export function PostsViewerBridge({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const viewer = useMemo<PostsViewer>(
    () => ({
      userId: user?.id ?? null,
      isAdmin: user?.isAdmin ?? false,
      // For display only: the server decides what it sends (DECISIONS 6-7).
      canView: user !== null && userHasViewingAccess(user, new Date()),
      isLoading,
    }),
    [user, isLoading],
  );
  return <PostsViewerContext value={viewer}>{children}</PostsViewerContext>;
}
