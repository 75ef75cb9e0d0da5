import { lazyNamed } from '../../lib/lazy';

/** The admin feature's public entry (issue 19): what waits for an admin (the header's count), the suspension control, and the dashboard in its own chunk. */
export { useAdminPending } from './api/get-stats';
/**
 * Suspend or lift, for a member's profile as an admin sees it: in its own chunk, since the header
 * imports this entry and the control brings the dialog primitives (docs/decisions/0074).
 */
export const SuspensionControl = lazyNamed(
  () => import('./components/suspension-control'),
  'SuspensionControl',
);

/** /admin's dashboard: loaded only when an admin opens it (docs/decisions/0040). */
export const AdminDashboard = lazyNamed(() => import('./components/admin-dashboard'), 'AdminDashboard');
