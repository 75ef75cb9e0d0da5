import type { ReactNode } from 'react';
import { AdminsOnly } from '../../components/layout/admins-only';
import { useSession } from '../../lib/session-provider';
import { RequireMember } from './require-member';

/** An admin screen: a guest signs in first (and comes back), a member who is not an admin sees 'Admins only'. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { actor } = useSession();
  return <RequireMember>{actor.isAdmin ? children : <AdminsOnly />}</RequireMember>;
}
