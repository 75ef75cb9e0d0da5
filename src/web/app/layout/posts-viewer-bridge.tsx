import { useMemo, type ReactNode } from 'react';
import { deriveSubscription } from '../../../domain/access';
import { canView } from '../../../domain/policy';
import { useAuth } from '../../features/auth/components/auth-provider';
import { PostsViewerContext, type PostsViewer } from '../../features/posts/viewer';

/** Hands the session to the posts feature, so features do not import each other. */
export function PostsViewerBridge({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const viewer = useMemo<PostsViewer>(() => {
    const end = user?.subscriptionStatus === 'trial' ? user.trialEndsAt : (user?.subscriptionEndsAt ?? null);
    const grants = user && user.subscriptionStatus !== 'expired' ? [{ kind: 'lifetime' as const, startsAt: new Date(0), endsAt: end ? new Date(end) : null }] : [];
    void deriveSubscription;
    return {
      userId: user?.id ?? null,
      isAdmin: user?.isAdmin ?? false,
      // For display only: the server decides what it sends (DECISIONS 6-7).
      canView: user !== null && canView({ isAdmin: user.isAdmin, grants }, new Date()),
      isLoading,
    };
  }, [user, isLoading]);
  return <PostsViewerContext value={viewer}>{children}</PostsViewerContext>;
}
