import { useDeferredValue, useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while React hydrates prerendered HTML (and while the build prerenders it), true in every
 * render after: what the HTML does not hold waits for it, so hydration finds the page it was given
 * (docs/decisions/0088). A page the browser draws anew (createRoot) gets true from its first render.
 *
 * The switch to true is deferred: the store's switch alone re-renders at React's sync priority, in
 * one task with everything it shows and its effects (a shared post's dialog opening: 155 ms on a
 * 4× slowed processor); deferred, that render is sliced and its effects run in a task of their own.
 */
export const useHydrated = (): boolean =>
  useDeferredValue(
    useSyncExternalStore(
      nothingToWatch,
      () => true,
      () => false,
    ),
  );
