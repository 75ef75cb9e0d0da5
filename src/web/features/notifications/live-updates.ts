import { useQueryClient } from '@tanstack/react-query';
import { notificationToast } from '../../../domain/notification-values';
import type { Notification, NotificationsPage } from '../../../domain/notifications';
import { toast } from '../../components/ui/use-toast';
import { useLiveEvents } from '../../lib/live-provider';
import { sessionChanged } from '../../lib/session';
import { useSession } from '../../lib/session-provider';
import { messageKeys } from '../messages';
import { postKeys } from '../posts';
import { notificationKeys } from './api/get-notifications';
import { withNew } from './bell-list';

/** What a notification changes besides the bell: the inbox and its threads, or posts (comment counts, ratings, a hidden post). */
const affected = (notification: Notification) =>
  notification.type === 'new_message' ? messageKeys.all : postKeys.all;

/** Decisions about the member themself (a badge, a lifted suspension) change their session: everything is asked again. */
const aboutMe = (notification: Notification) =>
  notification.type === 'verification_decided' || notification.type === 'suspension_lifted';

/**
 * The live socket's news, applied (spec §4, DECISIONS 14): after each (re)connection the
 * notifications and messages are asked again, so a member offline for a while catches up; each
 * pushed notification goes to the front of the bell, shows its toast (spec §8; one at a time) and
 * refreshes what it affects.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const userId = useSession().actor.userId;
  useLiveEvents({
    onOpen: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.member(userId) });
    },
    onNotification: (notification) => {
      queryClient.setQueryData<NotificationsPage>(
        notificationKeys.recent(userId),
        (page) => page && withNew(page, notification),
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages(userId) });
      toast(notificationToast(notification));
      if (aboutMe(notification)) void sessionChanged(queryClient);
      else void queryClient.invalidateQueries({ queryKey: affected(notification) });
    },
  });
}
