import type { ReactNode } from 'react';
import { canModerate } from '../../../domain/policy';
import { AdminsOnly } from '../../components/layout/admins-only';
import { useSession } from '../../lib/session-provider';
import { RequireMember } from './require-member';

/**
 * An admin screen (DECISIONS 3, 28): a guest signs in first (and comes back), a member who is not
 * an admin sees 'Admins only', never the page. The server refuses their calls all the same.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireMember>
      <AdminGate>{children}</AdminGate>
    </RequireMember>
  );
}

function AdminGate({ children }: { children: ReactNode }) {
  const { actor } = useSession();
  return canModerate(actor).ok ? children : <AdminsOnly />;
}
