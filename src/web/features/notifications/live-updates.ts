import { useQueryClient } from '@tanstack/react-query';
import { notificationToast } from '../../../domain/notification-values';
import type { Notification, NotificationsPage } from '../../../domain/notifications';
import { toast } from '../../components/ui/use-toast';
import { useLiveEvents } from '../../lib/live-provider';
import { sessionChanged } from '../../lib/session';
import { useSession } from '../../lib/session-provider';
import { isShownThread, messageKeys } from '../messages';
import { postKeys } from '../posts';
import { notificationKeys } from './api/get-notifications';
import { withNew } from './bell-list';

/** What a notification changes besides the bell: the inbox and its threads, or posts (comment counts, ratings, a hidden post). */
const affected = (notification: Notification) =>
  notification.type === 'new_message' ? messageKeys.all : postKeys.all;

/** A message that appears as it comes in the conversation on screen needs no toast (0148). */
const onScreen = (notification: Notification) =>
  notification.type === 'new_message' && isShownThread(notification.data.fromUserId, notification.data.postId);

/** Decisions about the member themself (a badge, a lifted suspension) change their session: everything is asked again. */
const aboutMe = (notification: Notification) =>
  notification.type === 'verification_decided' || notification.type === 'suspension_lifted';

/**
 * The live socket's news, applied (spec §4, DECISIONS 14): after each (re)connection, and when the
 * member read some elsewhere, the notifications and messages are asked again; each
 * pushed notification goes to the front of the bell, shows its toast (spec §8; one at a time,
 * none for a message into the conversation on screen) and refreshes what it affects.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const userId = useSession().actor.userId;
  // What the bell and the inbox show is asked again: after a (re)connection, what was missed; when
  // the member read some in another tab or device, what is read now (docs/decisions/0146).
  const catchUp = () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.member(userId) });
    void queryClient.invalidateQueries({ queryKey: messageKeys.member(userId) });
  };
  useLiveEvents({
    onOpen: catchUp,
    onRead: catchUp,
    onNotification: (notification) => {
      const recent = notificationKeys.recent(userId);
      queryClient.setQueryData<NotificationsPage>(recent, (page) => page && withNew(page, notification));
      // A bell asked again just before (a catch-up under way) may answer without this one, and
      // would replace the bell with that answer: it is asked once more instead (0147).
      if (queryClient.isFetching({ queryKey: recent }) > 0) void queryClient.invalidateQueries({ queryKey: recent });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages(userId) });
      if (!onScreen(notification)) toast(notificationToast(notification));
      if (aboutMe(notification)) void sessionChanged(queryClient);
      else void queryClient.invalidateQueries({ queryKey: affected(notification) });
    },
  });
}
