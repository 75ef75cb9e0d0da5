import { Link } from 'react-router';
import { formatDistanceToNow } from 'date-fns';
import { BadgeCheck, Ban, CircleCheck, EyeOff, Flag, MessageCircle, MessageCircleX, MessageSquare, RotateCcw, Star, Trash2, type LucideIcon } from 'lucide-react';
import {
  notificationTarget,
  notificationToast,
  type NotificationType,
} from '../../../../domain/notification-values';
import type { Notification } from '../../../../domain/notifications';
import { cn } from '../../../lib/utils';

const ICONS: Record<NotificationType, LucideIcon> = {
  new_message: MessageSquare,
  new_comment: MessageCircle,
  new_rating: Star,
  post_hidden: EyeOff,
  post_removed: Trash2,
  post_restored: RotateCcw,
  comment_removed: MessageCircleX,
  report_decided: Flag,
  verification_decided: BadgeCheck,
  account_suspended: Ban,
  suspension_lifted: CircleCheck,
};

interface NotificationListProps {
  items: Notification[];
  /** The signed-in member, whose own profile a rating's notification opens. */
  selfId: string;
  /** Called as one is followed (it is marked read, then its link goes on). */
  onOpen: (notification: Notification) => void;
  className?: string;
}

/**
 * Notifications, newest first: each a link to what it is about (DECISIONS 15: the conversation or
 * the post), with the words of its toast (spec §8), its age ('about 1 hour ago', spec §4) and,
 * unread, a dot.
 */
export function NotificationList({ items, selfId, onOpen, className }: NotificationListProps) {
  return (
    <ul className={cn('grid gap-0.5', className)}>
      {items.map((notification) => {
        const { title, description } = notificationToast(notification);
        const Icon = ICONS[notification.type];
        return (
          <li key={notification.id}>
            <Link
              to={notificationTarget(notification, selfId)}
              onClick={() => onOpen(notification)}
              className={cn(
                'flex gap-3 rounded-lg p-2.5 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                !notification.read && 'bg-primary-soft/60',
              )}
            >
              <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
                <span className="font-semibold">
                  {!notification.read && <span className="sr-only">Unread: </span>}
                  {title}
                </span>
                <span className="line-clamp-2 text-muted-foreground wrap-anywhere">{description}</span>
                <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
                  {formatDistanceToNow(new Date(notification.createdAt), { addSuffix: true })}
                </time>
              </span>
              {!notification.read && (
                <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-accent" />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
