import { useEffect } from 'react';
import type { ThreadAddress } from './components/thread-list';

/** The conversation this tab shows now, if any: a module's state, as the tab has one screen. */
let shown: ThreadAddress | null = null;

/** While mounted, the conversation with `otherUserId` about `postId` is the one shown. */
export function useShownThread(otherUserId: string, postId: string | null): void {
  useEffect(() => {
    const mine = { otherUserId, postId };
    shown = mine;
    return () => {
      if (shown === mine) shown = null;
    };
  }, [otherUserId, postId]);
}

/**
 * Whether a message from `fromUserId` about `postId` lands in the conversation on screen, where
 * it appears as it comes: a toast repeating it would only cover the reply box (docs/decisions/0148).
 */
export const isShownThread = (fromUserId: string, postId: string | null): boolean =>
  shown !== null && shown.otherUserId === fromUserId && shown.postId === postId;
