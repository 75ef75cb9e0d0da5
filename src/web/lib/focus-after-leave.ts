import { useLayoutEffect, useRef } from 'react';

/** Marks what takes the focus when an item leaves a list: an item's heading, the empty list's text. */
export const FOCUS_AFTER_LEAVE = { 'data-focus-after-leave': '', tabIndex: -1 } as const;

/**
 * When an item leaves a list (decided by an admin, taken out of one's favourites) and takes the
 * focus with it, the focus goes to the item that takes its place, else the last one, else the
 * empty list's text: one element an item, in order, found in the returned frame with `selector`
 * (the FOCUS_AFTER_LEAVE marks by default). Focus that is somewhere else is left where it is
 * (docs/decisions/0131, 0133).
 */
export function useFocusAfterLeave<T extends HTMLElement>(ids: readonly string[] | undefined, selector = '[data-focus-after-leave]') {
  const frame = useRef<T>(null);
  const before = useRef(ids);
  useLayoutEffect(() => {
    const was = before.current;
    before.current = ids;
    const gone = was && ids ? was.findIndex((id) => !ids.includes(id)) : -1;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (gone < 0 || !lost || !frame.current) return;
    const targets = frame.current.querySelectorAll<HTMLElement>(selector);
    targets[Math.min(gone, targets.length - 1)]?.focus();
  });
  return frame;
}
