import { useMemo, type ReactNode } from 'react';
import type { PublicUser } from '../../../domain/auth';
import { useAuth } from '../../features/auth/components/auth-provider';
import { PostsViewerContext, type PostsViewer } from '../../features/posts/viewer';

/** Spec §4 Access, for display only: an active or trial member whose end date has not passed, or an admin. */
export function hasFullAccess(user: PublicUser | null, now = new Date()): boolean {
  if (!user) return false;
  if (user.isAdmin || user.hasKindnessAccess) return true;
  const end = user.subscriptionStatus === 'active' ? user.subscriptionEndsAt : user.trialEndsAt;
  const current = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trial';
  return current && (end === null || new Date(end) > now);
}

/** Hands the session to the posts feature, so features do not import each other. */
export function PostsViewerBridge({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const viewer = useMemo<PostsViewer>(
    () => ({
      userId: user?.id ?? null,
      isAdmin: user?.isAdmin ?? false,
      canView: hasFullAccess(user),
      isLoading,
    }),
    [user, isLoading],
  );
  return <PostsViewerContext value={viewer}>{children}</PostsViewerContext>;
}
