import { Suspense } from 'react';
import { AdminDashboard } from '../../features/admin';
import { PageLoading } from './page-loading';
import { RequireAdmin } from './require-admin';

/** /admin (spec §2 Admin, DECISIONS 3): the dashboard, for admins only (every /api/admin/* call asks the policy too). */
export function Admin() {
  return (
    <RequireAdmin>
      <Suspense fallback={<PageLoading />}>
        <AdminDashboard />
      </Suspense>
    </RequireAdmin>
  );
}
