import { Link } from 'react-router';
import { BellOff, CheckCheck } from 'lucide-react';
import { DocumentTitle } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session-provider';
import { useMarkAllRead, useMarkRead } from '../api/change-notifications';
import { useBell, useNotificationPages } from '../api/get-notifications';
import { LiveIndicator } from './live-indicator';
import { NotificationList } from './notification-item';

/** /notifications (DECISIONS 14): every notification, newest first, page by page; mark all read (offered once one is listed). */
export function NotificationsPage() {
  const userId = useSession().actor.userId;
  const pages = useNotificationPages(userId);
  // The unread count is the bell's: one number in the header and here.
  const { unread } = useBell(userId);
  const markRead = useMarkRead(userId);
  const markAllRead = useMarkAllRead(userId);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  // 'Mark all as read' reads up to the newest shown here, not one that arrives meanwhile (docs/decisions/0116).
  const newest = items[0];
  const markAll = () => {
    if (unread > 0 && newest) markAllRead.mutate(newest);
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title="Notifications" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
          <LiveIndicator />
        </div>
        {newest && (
          <Button variant="outline" size="sm" onClick={markAll} aria-disabled={unread === 0} className="aria-disabled:opacity-60">
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        )}
      </div>
      {pages.isPending ? (
        <SkeletonRows label="Loading notifications" count={4} rowClassName="h-20" />
      ) : pages.isError ? (
        <Card role="alert" className="p-6 text-center font-semibold">
          Could not load your notifications. Please try again.
        </Card>
      ) : items.length === 0 ? (
        <Card className="grid place-items-center gap-3 border-dashed px-6 py-14 text-center">
          <BellOff className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No notifications yet</h2>
          <Button variant="outline" asChild>
            <Link to="/">Browse Posts</Link>
          </Button>
        </Card>
      ) : (
        <>
          <Card className="p-2">
            <NotificationList items={items} selfId={userId ?? ''} onOpen={(n) => !n.read && markRead.mutate(n.id)} />
          </Card>
          <LoadMore
            onLoadMore={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
            more={pages.hasNextPage}
            itemSelector="li"
          />
        </>
      )}
    </div>
  );
}
