import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session-provider';
import { PageLoading } from './page-loading';

/**
 * A screen for signed-in members (the inbox, notifications): a guest is sent to sign in and comes
 * back to the same address (a thread's link from a notification or a mail included).
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();
  if (isLoading) return <PageLoading />;
  if (!user)
    return <Navigate to={`/login?${new URLSearchParams({ redirect: `${pathname}${search}` })}`} replace />;
  return children;
}
