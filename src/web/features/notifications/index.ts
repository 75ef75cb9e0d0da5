import { lazyNamed } from '../../lib/lazy';

/** The notifications feature's public entry (DECISIONS 14, 15): the header's bell, the live updates, the page. */
export { notificationKeys } from './api/get-notifications';
export { NotificationBell } from './components/notification-bell';
export { useLiveUpdates } from './live-updates';

/** The /notifications screen, in its own chunk (docs/decisions/0040). */
export const NotificationsPage = lazyNamed(
  () => import('./components/notifications-page'),
  'NotificationsPage',
);
