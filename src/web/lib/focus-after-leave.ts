import { useEffect, useLayoutEffect, useRef } from 'react';

/** Marks what takes the focus when an item leaves a list: an item's heading, the empty list's text. */
export const FOCUS_AFTER_LEAVE = { 'data-focus-after-leave': '', tabIndex: -1 } as const;

/**
 * When an item leaves a list (decided by an admin, taken out of one's favourites) and takes the
 * focus with it, the focus goes to the item that takes its place, else the last one, else the
 * empty list's text: one element an item, in order, found in the returned frame with `selector`
 * (the FOCUS_AFTER_LEAVE marks by default). Only focus that left with its item moves; focus that
 * is somewhere else, or was nowhere, is left where it is (docs/decisions/0131, 0133).
 */
export function useFocusAfterLeave<T extends HTMLElement>(ids: readonly string[] | undefined, selector = '[data-focus-after-leave]') {
  const frame = useRef<T>(null);
  const before = useRef(ids);
  // The last element focused in the list: only its leaving moves the focus, not a page whose focus
  // was nowhere (a click on blank space) when another device's change took an item out.
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const remember = (event: FocusEvent) => void (lastFocused.current = event.target as Element);
    element.addEventListener('focusin', remember);
    return () => element.removeEventListener('focusin', remember);
  }, []);
  useLayoutEffect(() => {
    const was = before.current;
    before.current = ids;
    const gone = was && ids ? was.findIndex((id) => !ids.includes(id)) : -1;
    const lost = !document.activeElement || document.activeElement === document.body;
    const left = lastFocused.current !== null && !lastFocused.current.isConnected;
    if (gone < 0 || !lost || !left || !frame.current) return;
    lastFocused.current = null;
    const targets = frame.current.querySelectorAll<HTMLElement>(selector);
    targets[Math.min(gone, targets.length - 1)]?.focus();
  });
  return frame;
}
