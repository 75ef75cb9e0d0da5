import { useRef } from 'react';

/**
 * One send at a time from a form: a second submit before the first has settled does nothing. A
 * mutation's `isPending` only turns true at the next render, so two clicks closer than a render (a
 * double click) both saw it false and posted twice (docs/decisions/0148). The function returned,
 * `once(start)` where it is used, calls `start(done)` unless a send is under way; `done` ends it.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return (start: (done: () => void) => void): void => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  };
}
