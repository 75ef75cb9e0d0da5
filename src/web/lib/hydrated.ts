import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while React hydrates prerendered HTML (and while the build prerenders it), true in every
 * render after: what the HTML does not hold waits for it, so hydration finds the page it was given
 * (docs/decisions/0088). A page the browser draws anew (createRoot) gets true from its first render.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
