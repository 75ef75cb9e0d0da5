import { useEffect, type RefObject } from 'react';

/** How long a card must be in view to count as seen (spec §9). */
export const SEEN_AFTER_MS = 2_000;

/**
 * Calls `onSeen` once the element has been at least half in view for SEEN_AFTER_MS without
 * leaving it; nothing without IntersectionObserver.
 */
export function useSeen(ref: RefObject<Element | null>, onSeen: () => void, enabled = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          timer ??= setTimeout(() => {
            observer.disconnect();
            onSeen();
          }, SEEN_AFTER_MS);
        } else if (timer !== null) {
          clearTimeout(timer);
          timer = null;
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
    };
    // onSeen is called at most once per element; a new function each render must not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, enabled]);
}
