import { useId, useRef, useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { BellOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useClearNotifications, useMarkRead } from '../api/change-notifications';
import { useBell } from '../api/get-notifications';
import { LiveIndicator } from './live-indicator';
import { CLEAR_ALL_QUESTION } from '../../../../domain/notification-values';
import { NotificationList } from './notification-item';

interface BellPopoverProps {
  userId: string | null;
  /** The bell (shown before this code loads). */
  trigger: ReactElement;
}

/**
 * The bell's list (spec §2 Header, §9): Live or Offline, 'Clear all', the ten most recent or 'No
 * notifications yet', and 'View all notifications' when there are more. Following one marks it
 * read and goes to it (DECISIONS 15). 'Clear all' deletes every notification, the older ones too,
 * so it asks first, in place (docs/decisions/0142). Opened at once (DeferredOpen); focus comes
 * back to the bell.
 */
export function BellPopover({ userId, trigger }: BellPopoverProps) {
  const [open, setOpen] = useState(true);
  const { items, more, query } = useBell(userId);
  const markRead = useMarkRead(userId);
  const clear = useClearNotifications(userId);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  // Emptied while asking (cleared in another tab): the question goes, not to come back with the next one.
  if (confirming && query.isSuccess && items.length === 0) setConfirming(false);

  const clearAll = () => {
    clear.mutate();
    setConfirming(false);
    // The button leaves with the list: focus stays in the popover (docs/decisions/0049).
    heading.current?.focus();
  };
  const openChange = (next: boolean) => {
    setOpen(next);
    // Closed while asking: it opens again on the list, not on the question.
    if (!next) setConfirming(false);
  };
  const keep = () => {
    setConfirming(false);
    clearButton.current?.focus();
  };

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={titleId}
          // Focus starts on the heading, not on 'Clear all', one Enter away from emptying the list.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            heading.current?.focus();
          }}
          // Escape while asking takes back the question only, as Cancel does.
          onEscapeKeyDown={(event) => {
            if (!confirming) return;
            event.preventDefault();
            keep();
          }}
          className="z-50 grid max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] grid-rows-[auto_1fr_auto] overflow-hidden rounded-xl border bg-card text-foreground shadow-lg"
        >
          <div className="flex items-center gap-2 border-b px-4 py-2.5">
            <h2 id={titleId} ref={heading} tabIndex={-1} className="font-bold outline-none">
              Notifications
            </h2>
            <LiveIndicator />
            {items.length > 0 && (
              <Button
                ref={clearButton}
                variant="ghost"
                size="sm"
                className="ml-auto h-8 px-2 text-muted-foreground"
                aria-expanded={confirming}
                onClick={() => setConfirming((asking) => !asking)}
              >
                Clear all
              </Button>
            )}
          </div>
          {confirming && items.length > 0 && <ClearConfirmation onClear={clearAll} onKeep={keep} />}
          <div className="min-h-0 overflow-y-auto p-1.5">
            {items.length > 0 ? (
              <NotificationList
                items={items}
                selfId={userId ?? ''}
                onOpen={(n) => {
                  if (!n.read) markRead.mutate(n.id);
                  openChange(false);
                }}
              />
            ) : query.isPending ? (
              <p role="status" className="p-6 text-center text-sm text-muted-foreground">
                Loading...
              </p>
            ) : (
              <p className="grid justify-items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
                <BellOff className="size-8" aria-hidden="true" />
                No notifications yet
              </p>
            )}
          </div>
          {more && (
            <div className="border-t p-1.5">
              <Button variant="ghost" className="w-full text-primary" asChild>
                <Link to="/notifications" onClick={() => openChange(false)}>
                  View all notifications
                </Link>
              </Button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** 'Clear all' asked again, under the heading: Cancel (focused first) or Clear. */
function ClearConfirmation({ onClear, onKeep }: { onClear: () => void; onKeep: () => void }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="flex flex-wrap items-center gap-2 border-b bg-muted px-4 py-2.5">
      <p id={id} className="mr-auto text-sm">
        {CLEAR_ALL_QUESTION}
      </p>
      <Button variant="outline" size="sm" className="h-8" autoFocus onClick={onKeep}>
        Cancel
      </Button>
      <Button
        size="sm"
        className="h-8 bg-destructive text-destructive-foreground hover:bg-destructive/90"
        onClick={onClear}
      >
        Clear
      </Button>
    </div>
  );
}
